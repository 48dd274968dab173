import type { BackendModule, ReadCallback } from 'i18next';
import { catalogueNeedsFullIcu, loadFullIcu } from './format';
import { PSEUDO_LOCALE } from './types';
import type { Catalogue } from './types';

/** Loads one locale's catalogue of a namespace, e.g. `(locale) => import(`./i18n/${locale}.json`)`. */
export type CatalogueLoader = (locale: string) => Promise<Catalogue | { default: Catalogue }>;

export interface CatalogueOptions {
  /**
   * The catalogue has plural or select messages: the full ICU formatter is fetched beside it, not after it
   * arrives (one round trip less before the section draws, on a slow link most of a second).
   */
  pluralMessages?: boolean;
}

const loaders = new Map<string, CatalogueLoader>();
const withPlurals = new Set<string>();

/**
 * A remote (or the shell) tells the page where its texts are. Called when the remote's code is evaluated,
 * so a remote redeployed with new texts brings them along: the shell holds no copy of them.
 */
export function registerCatalogue(
  namespace: string,
  loader: CatalogueLoader,
  options: CatalogueOptions = {},
) {
  loaders.set(namespace, loader);
  if (options.pluralMessages) withPlurals.add(namespace);
  else withPlurals.delete(namespace);
}

export const hasCatalogue = (namespace: string) => loaders.has(namespace);

async function load(locale: string, namespace: string): Promise<Catalogue> {
  const loader = loaders.get(namespace);
  if (!loader) throw new Error(`No catalogue registered for "${namespace}"`);
  if (locale === PSEUDO_LOCALE) {
    const [english, { pseudoCatalogue }] = await Promise.all([load('en', namespace), import('./pseudo')]);
    return pseudoCatalogue(english);
  }
  if (withPlurals.has(namespace)) void loadFullIcu().catch(() => undefined);
  const loaded = await loader(locale);
  const catalogue = ('default' in loaded ? loaded.default : loaded) as Catalogue;
  // Its plural and select messages can be formatted as soon as i18next has the catalogue.
  if (catalogueNeedsFullIcu(catalogue)) await loadFullIcu();
  return catalogue;
}

/** The i18next backend: a namespace's catalogue for the active locale only, fetched when first needed. */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(locale: string, namespace: string, callback: ReadCallback) {
    load(locale, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
