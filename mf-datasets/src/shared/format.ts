import { useLocale } from '@platform/i18n';

/** Intl for the interface language, or English for a tag Intl refuses. */
function withFallback<T>(make: (locale: string) => T, locale: string): T {
  try {
    return make(locale);
  } catch {
    return make('en');
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A byte count as people read it (1.2 GB), in decimal units, in the interface language. */
export function formatBytes(bytes: number, locale: string): string {
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
      }).format(value),
    locale,
  );
}

const oneDecimal = (n: number, locale: string) =>
  withFallback(
    (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n),
    locale,
  );

export interface Formats {
  locale: string;
  number: (n: number) => string;
  /** Hours with one decimal. */
  hours: (hours: number) => string;
  /** Any figure with one decimal (a ratio in dB). */
  oneDecimal: (n: number) => string;
  percent: (share: number) => string;
  bytes: (bytes: number) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
}

/** Numbers, sizes and dates of this screen in the chosen language. */
export function useFormats(): Formats {
  const locale = useLocale();
  return {
    locale,
    number: (n) => withFallback((l) => new Intl.NumberFormat(l).format(n), locale),
    hours: (h) => oneDecimal(h, locale),
    oneDecimal: (n) => oneDecimal(n, locale),
    percent: (share) =>
      withFallback(
        (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 }).format(share),
        locale,
      ),
    bytes: (b) => formatBytes(b, locale),
    date: (iso) =>
      withFallback((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }), locale).format(new Date(iso)),
    dateTime: (iso) =>
      withFallback(
        (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }),
        locale,
      ).format(new Date(iso)),
  };
}

export const hoursOf = (seconds: number) => seconds / 3600;
