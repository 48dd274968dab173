import { registerCatalogue, SHELL_NAMESPACE } from '@platform/i18n';

/** The shell's texts, one chunk per language: only the active language's is fetched. */
export function registerShellCatalogue() {
  registerCatalogue(SHELL_NAMESPACE, (locale) => import(`./${locale}.json`));
}
