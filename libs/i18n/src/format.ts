import type { IntlMessageFormat } from 'intl-messageformat';
import type { Catalogue } from './types';

type IntlMessageFormatClass = typeof IntlMessageFormat;

// `{name}`: the only ICU syntax most of the interface uses. Anything else (plural, select, number and date
// arguments, apostrophe quoting) needs the full ICU formatter.
const SIMPLE_ARGUMENT = /\{\s*([\p{L}\p{N}_$]+)\s*\}/gu;

/** Whether a message needs the full ICU formatter: plural/select/number/date arguments or quoted braces. */
export function needsFullIcu(message: string): boolean {
  if (/'[{}'#|]/.test(message)) return true;
  return /[{}]/.test(message.replace(SIMPLE_ARGUMENT, ''));
}

/** Whether any message of a catalogue (nested sections included) needs the full ICU formatter. */
export function catalogueNeedsFullIcu(catalogue: Catalogue): boolean {
  return Object.values(catalogue).some((value) =>
    typeof value === 'string' ? needsFullIcu(value) : catalogueNeedsFullIcu(value),
  );
}

let FullIcu: IntlMessageFormatClass | null = null;
let loadingFullIcu: Promise<void> | null = null;
const compiled = new Map<string, IntlMessageFormat>();

/** Hands the formatter the full ICU one (intl-messageformat); tests that start i18n synchronously call it. */
export function setFullIcu(formatter: IntlMessageFormatClass) {
  FullIcu = formatter;
}

/**
 * Fetches intl-messageformat (and its ICU parser, about 15 KB gzip) the first time a catalogue needs it; a
 * page whose catalogues only hold plain text and `{name}` placeholders never loads it.
 */
export function loadFullIcu(): Promise<void> {
  loadingFullIcu ??= import(/* webpackChunkName: "plural-messages" */ 'intl-messageformat').then(
    ({ IntlMessageFormat }) => setFullIcu(IntlMessageFormat),
  );
  return loadingFullIcu;
}

/** A plural, select, number or date message, by intl-messageformat; one it cannot read is shown as written. */
function formatFull(Formatter: IntlMessageFormatClass, message: string, locale: string, values = {}): string {
  const id = `${locale}\u0000${message}`;
  try {
    let formatter = compiled.get(id);
    if (!formatter) {
      // Tags are text here (as in i18next-icu): the platform renders no markup from a message.
      formatter = new Formatter(message, locale, undefined, { ignoreTag: true });
      compiled.set(id, formatter);
    }
    const parts = formatter.format<string>(values);
    return Array.isArray(parts) ? parts.join('') : String(parts);
  } catch {
    return message;
  }
}

/** `{name}` replaced by its value, as ICU does (a missing value leaves the message as it is, as i18next-icu does). */
function formatSimple(message: string, values: Record<string, unknown> = {}): string {
  let missing = false;
  const formatted = message.replace(SIMPLE_ARGUMENT, (_match, name: string) => {
    if (!(name in values)) missing = true;
    const value = values[name];
    return value === undefined || value === null || value === false ? '' : String(value);
  });
  return missing ? message : formatted;
}

/**
 * The page's i18next message format: ICU messages. Plain text and `{name}` placeholders are formatted here;
 * any other message by intl-messageformat, which the catalogue backend loads before it hands over a catalogue
 * that needs it.
 */
export const messageFormat = {
  type: 'i18nFormat' as const,
  init() {},
  parse(message: string, values: Record<string, unknown> | undefined, locale: string): string {
    if (!needsFullIcu(message)) return formatSimple(message, values);
    if (FullIcu) return formatFull(FullIcu, message, locale, values);
    // A message given in code (a default value) before any catalogue needed ICU: shown as written.
    void loadFullIcu();
    return message;
  },
  addLookupKeys: (finalKeys: string[]) => finalKeys,
};
