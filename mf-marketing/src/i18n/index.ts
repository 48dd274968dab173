import { registerCatalogue, useT } from '@platform/i18n';

/** This remote's catalogue namespace: its federation name. */
export const MARKETING_NAMESPACE = 'mf_marketing';

/** Registered when the remote's code loads; each language is its own chunk, fetched when chosen. */
registerCatalogue(MARKETING_NAMESPACE, (locale) => import(`./${locale}.json`));

export const useMarketingT = () => useT(MARKETING_NAMESPACE);
