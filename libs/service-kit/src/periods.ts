import type { ChartPeriod } from '@platform/contracts';

/**
 * Analytics periods as calendar windows in UTC (SPEC §9), shared by every service that draws a chart or sums
 * over a period, so the speech and text services cut the same windows and buckets:
 * - week: this ISO week, Monday 00:00 to the next Monday; 7 daily buckets named `YYYY-MM-DD`;
 * - month: this calendar month; 4 buckets, days 1–7, 8–14, 15–21 and 22 to the month's end, named `W1`…`W4`;
 * - quarter: this calendar quarter; 3 monthly buckets named `YYYY-MM`;
 * - year: this calendar year; 4 quarterly buckets named `Q1`…`Q4`.
 * Every window and bucket is [start, end).
 */
export interface PeriodWindow {
  start: Date;
  end: Date;
}

export interface PeriodBucket extends PeriodWindow {
  name: string;
}

const DAY_MS = 86_400_000;
const utc = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month, day));
const pad = (n: number) => String(n).padStart(2, '0');
const dayName = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const monthName = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;

/** The period's window that holds `now`. */
export function periodWindow(period: ChartPeriod, now: Date): PeriodWindow {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (period) {
    case 'week': {
      const today = utc(year, month, now.getUTCDate());
      // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
      const sinceMonday = (today.getUTCDay() + 6) % 7;
      const start = new Date(today.getTime() - sinceMonday * DAY_MS);
      return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
    }
    case 'month':
      return { start: utc(year, month), end: utc(year, month + 1) };
    case 'quarter': {
      const first = month - (month % 3);
      return { start: utc(year, first), end: utc(year, first + 3) };
    }
    case 'year':
      return { start: utc(year, 0), end: utc(year + 1, 0) };
    default:
      // The contract's ChartPeriod types as a string; routes have validated it against CHART_PERIODS.
      throw new RangeError(`unknown period ${period}`);
  }
}

/** The period's buckets, in order, covering its window exactly. */
export function periodBuckets(period: ChartPeriod, now: Date): PeriodBucket[] {
  const { start, end } = periodWindow(period, now);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();
  switch (period) {
    case 'week':
      return Array.from({ length: 7 }, (_, i) => {
        const from = new Date(start.getTime() + i * DAY_MS);
        return { name: dayName(from), start: from, end: new Date(from.getTime() + DAY_MS) };
      });
    case 'month':
      return [1, 8, 15, 22].map((day, i, days) => ({
        name: `W${i + 1}`,
        start: utc(year, month, day),
        end: i + 1 < days.length ? utc(year, month, days[i + 1]) : end,
      }));
    case 'quarter':
      return [0, 1, 2].map((i) => {
        const from = utc(year, month + i);
        return { name: monthName(from), start: from, end: utc(year, month + i + 1) };
      });
    case 'year':
      return [0, 1, 2, 3].map((i) => ({
        name: `Q${i + 1}`,
        start: utc(year, i * 3),
        end: utc(year, i * 3 + 3),
      }));
    default:
      throw new RangeError(`unknown period ${period}`);
  }
}
