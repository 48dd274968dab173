/** Intl for the interface language, or English for a tag Intl refuses (the pseudo-locale). */
export function intlFor<T>(make: (locale: string) => T, locale: string): T {
  try {
    return make(locale);
  } catch {
    return make('en');
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A byte count as people read it (1.2 GB), in decimal units, in the interface language. */
export function formatByteSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return intlFor(
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
