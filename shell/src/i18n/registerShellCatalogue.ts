import { ERRORS_NAMESPACE, registerCatalogue, SHELL_NAMESPACE } from '@platform/i18n';

/**
 * The shell's texts, one chunk per language: only the active language's is fetched. The error messages are
 * apart, fetched only for a language other than English (see ERRORS_NAMESPACE).
 */
export function registerShellCatalogue() {
  registerCatalogue(
    SHELL_NAMESPACE,
    (locale) => import(/* webpackChunkName: "shell-catalogue-[request]" */ `./${locale}.json`),
  );
  registerCatalogue(ERRORS_NAMESPACE, (locale) => import(`../errors/i18n/${locale}.json`));
}
