import { useEffect, useState } from 'react';
import { i18n, registerCatalogue, useLocale, useT } from '@platform/i18n';

/**
 * The words of the public pages' content (/languages, /funding-grant, the model pages, /about, /download,
 * /newsletter): a namespace of their own, fetched with the pages' lazy chunks, so they weigh nothing on the
 * landing page's first load. The titles, subtitles and meta descriptions stay in mf_marketing's catalogue,
 * where the shell and the pages' frames read them at once.
 */
export const PAGES_NAMESPACE = 'mf_marketing_pages';

// Each language is its own chunk, fetched when first asked for.
registerCatalogue(PAGES_NAMESPACE, (locale) => import(`./${locale}.json`));

export const usePagesT = () => useT(PAGES_NAMESPACE);

/** The pages' texts are there for the current language (fetched when first asked for). */
export function usePagesCatalogue(): boolean {
  useLocale();
  const loaded = i18n.hasLoadedNamespace(PAGES_NAMESPACE);
  const [, setLoadedOnce] = useState(loaded);
  useEffect(() => {
    if (loaded) return undefined;
    let current = true;
    void i18n.loadNamespaces(PAGES_NAMESPACE).then(() => current && setLoadedOnce(true));
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded;
}
