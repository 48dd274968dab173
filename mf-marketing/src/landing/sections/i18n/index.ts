import { useEffect, useState } from 'react';
import { i18n, registerCatalogue, useLocale, useT } from '@platform/i18n';

/**
 * The landing sections' own catalogue namespace: they load lazily, after the landing page's first paint,
 * and their words come with them rather than weighing on mf_marketing's catalogue (on the first load).
 */
export const SECTIONS_NAMESPACE = 'mf_marketing_sections';

// Registered when this chunk loads; each language is its own chunk, fetched when chosen.
registerCatalogue(SECTIONS_NAMESPACE, (locale) => import(`./${locale}.json`));

export const useSectionsT = () => useT(SECTIONS_NAMESPACE);

/** The sections' texts are there for the current language (fetched when first asked for). */
export function useSectionsCatalogue(): boolean {
  useLocale();
  const loaded = i18n.hasLoadedNamespace(SECTIONS_NAMESPACE);
  const [, setLoadedOnce] = useState(loaded);
  useEffect(() => {
    if (loaded) return undefined;
    let current = true;
    void i18n.loadNamespaces(SECTIONS_NAMESPACE).then(() => current && setLoadedOnce(true));
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded;
}
