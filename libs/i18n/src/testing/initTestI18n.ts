import { IntlMessageFormat } from 'intl-messageformat';
import { act } from 'react';
import { UI_LOCALE_CODES } from '@platform/contracts';
import { setFullIcu, messageFormat } from '../format';
import { i18n, SHELL_NAMESPACE } from '../instance';
import { pseudoCatalogue } from '../pseudo';
import { PSEUDO_LOCALE } from '../types';
import type { Catalogue } from '../types';

/** One namespace's catalogues by locale, as imported from its JSON files. */
export type NamespaceCatalogues = Record<string, Catalogue>;

/**
 * Starts the page's i18n instance synchronously with these namespaces (English, the other locales, and the
 * pseudo-locale made from English), in English unless told otherwise. For jest `setupFiles`, so every test
 * of a project sees the real texts, exactly as the page would.
 */
export function initTestI18n(namespaces: Record<string, NamespaceCatalogues>, locale = 'en') {
  const resources: Record<string, Record<string, Catalogue>> = {};
  for (const [namespace, byLocale] of Object.entries(namespaces)) {
    for (const [code, catalogue] of Object.entries(byLocale)) {
      (resources[code] ??= {})[namespace] = catalogue;
    }
    if (byLocale.en) (resources[PSEUDO_LOCALE] ??= {})[namespace] = pseudoCatalogue(byLocale.en);
  }
  // The page's own message format, with the full ICU formatter at hand from the start (the page fetches
  // it when a catalogue needs it).
  setFullIcu(IntlMessageFormat);
  void i18n.use(messageFormat).init({
    lng: locale,
    resources,
    supportedLngs: [...UI_LOCALE_CODES, PSEUDO_LOCALE],
    fallbackLng: false,
    ns: Object.keys(namespaces),
    defaultNS: SHELL_NAMESPACE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

/** Switches the language for one test (and back to English after it). */
export function useLocaleInTest(locale: string) {
  beforeEach(() => act(() => void i18n.changeLanguage(locale)));
  afterEach(() => act(() => void i18n.changeLanguage('en')));
}
