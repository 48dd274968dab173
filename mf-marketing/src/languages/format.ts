import { useLocale } from '@platform/i18n';

/** Intl for the interface language, or English for a tag Intl refuses (the pseudo-locale). */
function withFallback<T>(make: (locale: string) => T, locale: string): T {
  try {
    return make(locale);
  } catch {
    return make('en');
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return withFallback(
    (l) =>
      new Intl.NumberFormat(l, {
        style: 'unit',
        unit: UNITS[unit],
        unitDisplay: 'short',
        maximumFractionDigits: unit === 0 ? 0 : 1,
      }),
    locale,
  ).format(value);
}

export interface PageFormats {
  /** A count (1,234). */
  count: (n: number) => string;
  /** Hours with at most one decimal (12.5). */
  hours: (n: number) => string;
  /** A share of 0–1 as a whole percent, or with one decimal under 10 % (0.4 %, 37 %). */
  percent: (share: number) => string;
  /** A size in decimal units (1.2 GB). */
  bytes: (n: number) => string;
  /** A date (26 Nov 2026). */
  date: (iso: string) => string;
  /** A date and time (26 Nov 2026, 14:05). */
  dateTime: (iso: string) => string;
}

/** The public pages' numbers and dates in the chosen language. */
export function usePageFormats(): PageFormats {
  const locale = useLocale();
  return {
    count: (n) => withFallback((l) => new Intl.NumberFormat(l), locale).format(n),
    hours: (n) =>
      withFallback((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 1 }), locale).format(n),
    percent: (share) =>
      withFallback(
        (l) =>
          new Intl.NumberFormat(l, {
            style: 'percent',
            maximumFractionDigits: share > 0 && share < 0.1 ? 1 : 0,
          }),
        locale,
      ).format(share),
    bytes: (n) => formatBytes(n, locale),
    date: (iso) =>
      withFallback((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }), locale).format(new Date(iso)),
    dateTime: (iso) =>
      withFallback(
        (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }),
        locale,
      ).format(new Date(iso)),
  };
}
