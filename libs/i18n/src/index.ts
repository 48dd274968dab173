// The platform's one door to i18n. Remotes import translations only from here (ESLint enforces it), so the
// page holds one i18next instance, shared like the router and the store.
export { i18n, startI18n, SHELL_NAMESPACE, ERRORS_NAMESPACE } from './instance';
export { registerCatalogue, hasCatalogue } from './catalogues';
export type { CatalogueLoader, CatalogueOptions } from './catalogues';
export { useT, useSharedT, translate, translateError } from './useT';
export type { Translate } from './useT';
export {
  UI_LOCALES,
  initialLocale,
  readLocaleCookie,
  writeLocaleCookie,
  changeLocale,
  useLocale,
} from './locale';
export type { UiLocaleCode } from './locale';
export { PSEUDO_LOCALE } from './types';
export type { Catalogue } from './types';
