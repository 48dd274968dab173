import { registerCatalogue, useT } from '@platform/i18n';

/** This remote's catalogue namespace: its federation name. */
export const DATASETS_NAMESPACE = 'mf_datasets';

/** Registered when the remote's code loads; each language is its own chunk, fetched when chosen. */
registerCatalogue(DATASETS_NAMESPACE, (locale) => import(`./${locale}.json`));

export const useDatasetsT = () => useT(DATASETS_NAMESPACE);
