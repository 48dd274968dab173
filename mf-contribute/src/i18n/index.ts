import { registerCatalogue, useT } from '@platform/i18n';

/** This remote's catalogue namespace: its federation name. */
export const CONTRIBUTE_NAMESPACE = 'mf_contribute';

/** Registered when the remote's code loads; each language is its own chunk, fetched when chosen. */
registerCatalogue(CONTRIBUTE_NAMESPACE, (locale) => import(`./${locale}.json`), { pluralMessages: true });

export const useContributeT = () => useT(CONTRIBUTE_NAMESPACE);
