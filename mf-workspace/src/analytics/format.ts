import type { ChartPeriod } from '@platform/contracts';

/** Intl for the interface language, or English for a tag Intl refuses (the pseudo-locale in tests). */
function withFallback<T>(make: (locale: string) => T, locale: string): T {
  try {
    return make(locale);
  } catch {
    return make('en');
  }
}

// Buckets are [start, end) in UTC: read them in UTC so a bucket never shows the day before.
const BUCKET_FORMATS: Record<ChartPeriod, Intl.DateTimeFormatOptions> = {
  week: { weekday: 'short', day: 'numeric', timeZone: 'UTC' },
  month: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  quarter: { month: 'long', timeZone: 'UTC' },
  year: { month: 'short', year: 'numeric', timeZone: 'UTC' },
};

/** A bucket's label on the x axis, from its start: a weekday, a week's first day, a month, a quarter's first month. */
export function bucketLabel(start: string, period: ChartPeriod, locale: string): string {
  return withFallback(
    (l) => new Intl.DateTimeFormat(l, BUCKET_FORMATS[period]).format(new Date(start)),
    locale,
  );
}

export interface NumberFormats {
  number: (n: number) => string;
  /** Hours with one decimal. */
  hours: (n: number) => string;
  /** A whole percent (0–100). */
  percent: (n: number) => string;
}

export function numberFormats(locale: string): NumberFormats {
  const whole = withFallback((l) => new Intl.NumberFormat(l), locale);
  const oneDecimal = withFallback(
    (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    locale,
  );
  const percent = withFallback((l) => new Intl.NumberFormat(l, { style: 'percent' }), locale);
  return {
    number: (n) => whole.format(n),
    hours: (n) => oneDecimal.format(n),
    percent: (n) => percent.format(n / 100),
  };
}
