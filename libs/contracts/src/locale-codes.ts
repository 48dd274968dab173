// The interface languages, in a module without schemas (for the browser's first load).

/**
 * The languages the interface speaks, each named in itself (the picker lists them so). Not the same list as
 * LANGUAGES, the languages people record and write in.
 */
export const UI_LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'yo', name: 'Yorùbá' },
  { code: 'ha', name: 'Hausa' },
  { code: 'ig', name: 'Igbo' },
] as const;
export type UiLocaleCode = (typeof UI_LOCALES)[number]['code'];
export const UI_LOCALE_CODES: readonly UiLocaleCode[] = UI_LOCALES.map((l) => l.code);

/** English is the source language: the SPEC's own words. */
export const DEFAULT_UI_LOCALE: UiLocaleCode = 'en';

/** The cookie that keeps a visitor's choice, read by the gateway to set <html lang> before the first paint. */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const isUiLocale = (value: unknown): value is UiLocaleCode =>
  typeof value === 'string' && (UI_LOCALE_CODES as readonly string[]).includes(value);

/**
 * The site's page with `<html lang>` set to the visitor's interface language, so screen readers, hyphenation
 * and fonts have it before any script runs. The gateway writes it into the page it serves, and the site's
 * worker into the page it keeps.
 */
export function pageInLanguage(html: string, locale: string | undefined): string {
  return html.replace(/<html(\s[^>]*)?>/i, (tag) => {
    const lang = `lang="${locale ?? DEFAULT_UI_LOCALE}"`;
    return /\slang="[^"]*"/i.test(tag)
      ? tag.replace(/\slang="[^"]*"/i, ` ${lang}`)
      : tag.replace(/>$/, ` ${lang}>`);
  });
}
