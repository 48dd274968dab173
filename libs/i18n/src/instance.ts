import i18next from 'i18next';
import { DEFAULT_UI_LOCALE, UI_LOCALE_CODES } from '@platform/contracts/client';
import { catalogueBackend, hasCatalogue } from './catalogues';
import { messageFormat } from './format';
import { PSEUDO_LOCALE } from './types';

/** The shell's own texts: layouts, not-found, the words every screen shares. */
export const SHELL_NAMESPACE = 'shell';

/**
 * The platform's error messages by code, in every language but the one they are written in: an error's
 * English words are the server's (or the browser's) own message, which `translateError` shows as it is. So
 * an English page never fetches them (they would be most of the English first load); any other language
 * fetches them as soon as it is chosen.
 */
export const ERRORS_NAMESPACE = 'errors';

function loadErrorMessages(locale: string | undefined) {
  if (locale && locale !== DEFAULT_UI_LOCALE && hasCatalogue(ERRORS_NAMESPACE)) {
    void i18n.loadNamespaces(ERRORS_NAMESPACE);
  }
}

/**
 * The page's one i18n instance. The shell and every remote reach it through this module, which the page
 * holds once as a Module Federation singleton (like @platform/router and @platform/store).
 */
export const i18n = i18next.createInstance();

let started: Promise<unknown> | null = null;

/**
 * Starts i18n in `locale` with the given namespaces loaded (each registered beforehand). Only the active
 * locale's catalogues are fetched; every catalogue is complete (a test says so), so none falls back.
 */
export function startI18n(locale: string, namespaces: string[] = [SHELL_NAMESPACE]) {
  if (!started) {
    started = i18n
      .use(catalogueBackend)
      .use(messageFormat)
      .init({
        lng: locale,
        supportedLngs: [...UI_LOCALE_CODES, PSEUDO_LOCALE],
        fallbackLng: false,
        ns: namespaces,
        defaultNS: SHELL_NAMESPACE,
        load: 'currentOnly',
        interpolation: { escapeValue: false },
        returnNull: false,
      });
    i18n.on('languageChanged', loadErrorMessages);
    loadErrorMessages(locale);
  }
  return started.then(() => i18n.loadNamespaces(namespaces));
}

export { DEFAULT_UI_LOCALE };
