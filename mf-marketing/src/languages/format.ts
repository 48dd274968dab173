import { useLocale } from '@platform/i18n';
import { formatByteSize, intlFor } from '@platform/ui';

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
    count: (n) => intlFor((l) => new Intl.NumberFormat(l), locale).format(n),
    hours: (n) => intlFor((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 1 }), locale).format(n),
    percent: (share) =>
      intlFor(
        (l) =>
          new Intl.NumberFormat(l, {
            style: 'percent',
            maximumFractionDigits: share > 0 && share < 0.1 ? 1 : 0,
          }),
        locale,
      ).format(share),
    bytes: (n) => formatByteSize(n, locale),
    date: (iso) =>
      intlFor((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }), locale).format(new Date(iso)),
    dateTime: (iso) =>
      intlFor((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }), locale).format(
        new Date(iso),
      ),
  };
}
