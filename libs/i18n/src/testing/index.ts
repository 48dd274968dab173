// For tests only (imported as @platform/i18n/testing): i18n started synchronously from catalogues in
// memory, and the check that a rendered screen shows nothing that did not come from a catalogue.
export { initTestI18n, useLocaleInTest } from './initTestI18n';
export { untranslatedText, expectOnlyCatalogueText } from './untranslatedText';
export { describeRoutesInPseudoLocale } from './describeRoutesInPseudoLocale';
export { readCatalogues, flattenCatalogue } from './readCatalogues';
export type { ProjectCatalogues } from './readCatalogues';
export { pseudoLocalise, pseudoCatalogue, isPseudoLocalised } from '../pseudo';
