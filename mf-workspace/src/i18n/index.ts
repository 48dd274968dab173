import { registerCatalogue, useT } from '@platform/i18n';

/** This remote's catalogue namespace: its federation name. */
export const WORKSPACE_NAMESPACE = 'mf_workspace';

/** Registered when the remote's code loads; each language is its own chunk, fetched when chosen. */
registerCatalogue(WORKSPACE_NAMESPACE, (locale) => import(`./${locale}.json`));

export const useWorkspaceT = () => useT(WORKSPACE_NAMESPACE);
