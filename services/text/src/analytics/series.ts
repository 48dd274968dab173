import type {
  ActivityKind,
  ActivityQuery,
  AgreementFigures,
  ChartPoint,
  LanguageCode,
  TaskCompletionChart,
} from '@platform/contracts';

/** A bucket of a chart period, [start, end) in UTC (periodBuckets in @platform/service-kit). */
export interface Bucket {
  name: string;
  start: Date;
  end: Date;
}

/** 'translated': text pairs and sentences approved. */
export const TRANSLATED_KINDS: readonly ActivityKind[] = ['pairs.approved', 'sentences.approved'];
/** 'validated': recordings validated and voice donations approved. */
export const VALIDATED_KINDS: readonly ActivityKind[] = ['recordings.validated', 'donations.approved'];

const SERIES = { translated: TRANSLATED_KINDS, validated: VALIDATED_KINDS } as const;
type Series = keyof typeof SERIES;
const keyOf = (series: Series, i: number) => `${series}:${i}`;

/**
 * The activity sums a progress chart needs: one query per bucket and series, everyone's counts, in the given
 * languages (a project's) or every language (absent).
 */
export function progressQueries(
  buckets: readonly Bucket[],
  languages?: readonly LanguageCode[],
): ActivityQuery[] {
  return buckets.flatMap((bucket, i) =>
    (Object.keys(SERIES) as Series[]).map((series) => ({
      key: keyOf(series, i),
      kinds: [...SERIES[series]],
      ...(languages ? { languages: [...languages] } : {}),
      from: bucket.start.toISOString(),
      to: bucket.end.toISOString(),
    })),
  );
}

/** The chart's points from those sums (a missing sum is 0). */
export function progressPoints(buckets: readonly Bucket[], sums: ReadonlyMap<string, number>): ChartPoint[] {
  return buckets.map((bucket, i) => ({
    name: bucket.name,
    start: bucket.start.toISOString(),
    end: bucket.end.toISOString(),
    translated: sums.get(keyOf('translated', i)) ?? 0,
    validated: sums.get(keyOf('validated', i)) ?? 0,
  }));
}

/** A whole percentage, rounded down (99.9 % is not yet 100 %), or null without anything to divide by. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.floor((part * 100) / whole) : null;

/** Tasks due and completed per bucket index, as the aggregation answers them. */
export interface CompletionRow {
  bucket: number;
  due: number;
  completed: number;
}

export function completionPoints(
  buckets: readonly Bucket[],
  rows: readonly CompletionRow[],
): TaskCompletionChart['points'] {
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  return buckets.map((bucket, i) => {
    const due = byBucket.get(i)?.due ?? 0;
    const completed = byBucket.get(i)?.completed ?? 0;
    return {
      name: bucket.name,
      start: bucket.start.toISOString(),
      end: bucket.end.toISOString(),
      due,
      completed,
      rate: percentOf(completed, due),
    };
  });
}

/** The $switch branches that give a date its bucket's index (no branch: outside every bucket). */
export function bucketIndexExpr(field: string, buckets: readonly Bucket[]) {
  return {
    $switch: {
      branches: buckets.map((b, i) => ({
        case: { $and: [{ $gte: [field, b.start] }, { $lt: [field, b.end] }] },
        then: i,
      })),
      default: -1,
    },
  };
}

export function agreementFigures(counts: Omit<AgreementFigures, 'agreement'>): AgreementFigures {
  return { ...counts, agreement: percentOf(counts.agreeing, counts.votes) };
}

export interface ReasonCount {
  reason: string;
  count: number;
}

/** Reasons from several lists, the same reason added up, most frequent first (then by name, for a stable order). */
export function mergeReasons(...lists: ReadonlyArray<readonly ReasonCount[]>): ReasonCount[] {
  const totals = new Map<string, number>();
  for (const list of lists)
    for (const { reason, count } of list) totals.set(reason, (totals.get(reason) ?? 0) + count);
  return [...totals]
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}
