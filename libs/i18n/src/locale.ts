import { useSyncExternalStore } from 'react';
import {
  DEFAULT_UI_LOCALE,
  isUiLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  UI_LOCALES,
} from '@platform/contracts/client';
import type { UiLocaleCode } from '@platform/contracts';
import { i18n } from './instance';
import { PSEUDO_LOCALE } from './types';

export { UI_LOCALES };
export type { UiLocaleCode };

const isKnownLocale = (value: unknown): value is string => isUiLocale(value) || value === PSEUDO_LOCALE;

/** The `lang` cookie's value, when it names a language the interface speaks. */
export function readLocaleCookie(cookie = typeof document === 'undefined' ? '' : document.cookie) {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie);
  const value = match ? decodeURIComponent(match[1] ?? '') : undefined;
  return isKnownLocale(value) ? value : undefined;
}

/**
 * The language to start in: the one the gateway already put on <html lang> (from the cookie), else the
 * cookie, else the first of the browser's languages the interface speaks, else English.
 */
export function initialLocale(): string {
  const fromHtml = document.documentElement.lang;
  const fromBrowser = (navigator.languages ?? []).map((tag) => tag.split('-')[0]).find(isUiLocale);
  return (
    readLocaleCookie() ?? (isKnownLocale(fromHtml) ? fromHtml : undefined) ?? fromBrowser ?? DEFAULT_UI_LOCALE
  );
}

/** Keeps the choice for a year (a visitor's only record of it; the account keeps a signed-in person's). */
export function writeLocaleCookie(locale: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** Switches the interface: loads the catalogues the page uses in that language, then <html lang> and the cookie. */
export async function changeLocale(locale: string) {
  if (!isKnownLocale(locale)) return;
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  writeLocaleCookie(locale);
}

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};

/** The active interface language; re-renders when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, () => i18n.language ?? DEFAULT_UI_LOCALE);
}
