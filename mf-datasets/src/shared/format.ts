import { useLocale } from '@platform/i18n';
import { formatByteSize, intlFor } from '@platform/ui';

const oneDecimal = (n: number, locale: string) =>
  intlFor(
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
    number: (n) => intlFor((l) => new Intl.NumberFormat(l).format(n), locale),
    hours: (h) => oneDecimal(h, locale),
    oneDecimal: (n) => oneDecimal(n, locale),
    percent: (share) =>
      intlFor(
        (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 }).format(share),
        locale,
      ),
    bytes: (b) => formatByteSize(b, locale),
    date: (iso) =>
      intlFor((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }), locale).format(new Date(iso)),
    dateTime: (iso) =>
      intlFor((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }), locale).format(
        new Date(iso),
      ),
  };
}

export const hoursOf = (seconds: number) => seconds / 3600;
