import type { AnyBulkWriteOperation, Db, Document } from 'mongodb';
import type { ActivityKind, ActivityQuery, LanguageCode } from '@platform/contracts';
import type { CollectionIndexes } from './mongo';

/**
 * Daily activity counts: one document per kind, person, language and UTC day, kept by the service that owns
 * the data as each thing happens (a recording validated, a pair approved). Every figure on the workspace's
 * screens (project progress, task targets, the analytics charts, the dashboard) is a sum over these, so none of
 * them reads the contributions themselves. Each event is counted twice: under its person and under ALL_PEOPLE,
 * so platform-wide sums read one document per kind, language and day.
 */
export const ACTIVITY_COLLECTION = 'activity_daily';
export const ALL_PEOPLE = '*';

export interface ActivityDoc {
  kind: ActivityKind;
  /** The person, or ALL_PEOPLE. */
  userId: string;
  language: LanguageCode;
  /** The UTC midnight of the day. */
  day: Date;
  count: number;
  /** Seconds of audio, for kinds that have it (recordings, donations). */
  seconds: number;
}

export const ACTIVITY_INDEXES: CollectionIndexes = {
  collection: ACTIVITY_COLLECTION,
  indexes: [
    { key: { kind: 1, userId: 1, language: 1, day: 1 }, name: 'kind_user_language_day', unique: true },
  ],
};

export const utcDay = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export interface ActivityEvent {
  kind: ActivityKind;
  userId: string;
  language: LanguageCode;
  at: Date;
  /** Defaults to 1; a negative count undoes an earlier one. */
  count?: number;
  seconds?: number;
}

/** The upserts that add these events (for services that batch them with a backfill or a bulk decision). */
export function activityWrites(events: readonly ActivityEvent[]): AnyBulkWriteOperation<ActivityDoc>[] {
  return events.flatMap((e) =>
    [e.userId, ALL_PEOPLE].map((userId) => ({
      updateOne: {
        filter: { kind: e.kind, userId, language: e.language, day: utcDay(e.at) },
        update: { $inc: { count: e.count ?? 1, seconds: e.seconds ?? 0 } },
        upsert: true,
      },
    })),
  );
}

/** Counts the events (unordered: each upsert stands alone). */
export async function recordActivity(db: Db, events: readonly ActivityEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.collection<ActivityDoc>(ACTIVITY_COLLECTION).bulkWrite(activityWrites(events), { ordered: false });
}

const matchOf = (q: ActivityQuery): Document => ({
  kind: q.kinds.length === 1 ? q.kinds[0] : { $in: q.kinds },
  userId: q.userId ?? ALL_PEOPLE,
  ...(q.languages ? { language: q.languages.length === 1 ? q.languages[0] : { $in: q.languages } } : {}),
  day: { $gte: utcDay(new Date(q.from)), $lt: new Date(q.to) },
});

/** $or reads each branch through the index; MongoDB and the embedded server both union up to this many. */
const BRANCHES_PER_PIPELINE = 32;

/**
 * The sum of `count` for each query, in one aggregation per 32 queries: the union of the queries' ranges is
 * read through the index, then a $facet sums each query's part. Days are whole: a day counts when any of it
 * is in [from, to), so `from`'s own day counts whole and `to`'s day counts only when `to` is past its midnight
 * (with midnight-aligned ranges, as the period buckets are, exactly the days in [from, to)).
 */
export async function sumActivity(db: Db, queries: readonly ActivityQuery[]): Promise<Map<string, number>> {
  const sums = new Map<string, number>(queries.map((q) => [q.key, 0]));
  const chunks: ActivityQuery[][] = [];
  for (let i = 0; i < queries.length; i += BRANCHES_PER_PIPELINE)
    chunks.push(queries.slice(i, i + BRANCHES_PER_PIPELINE));
  await Promise.all(
    chunks.map(async (chunk) => {
      const facets: Record<string, Document[]> = {};
      chunk.forEach((q, i) => {
        facets[`q${i}`] = [{ $match: matchOf(q) }, { $group: { _id: null, n: { $sum: '$count' } } }];
      });
      const [row] = await db
        .collection(ACTIVITY_COLLECTION)
        .aggregate<Record<string, Array<{ n: number }>>>([
          { $match: { $or: chunk.map(matchOf) } },
          { $project: { kind: 1, userId: 1, language: 1, day: 1, count: 1 } },
          { $facet: facets },
        ])
        .toArray();
      chunk.forEach((q, i) => sums.set(q.key, (sums.get(q.key) ?? 0) + (row?.[`q${i}`]?.[0]?.n ?? 0)));
    }),
  );
  return sums;
}

/** The languages a person has any activity of these kinds in. */
export async function activityLanguages(
  db: Db,
  userId: string,
  kinds: readonly ActivityKind[],
): Promise<LanguageCode[]> {
  const values = await db
    .collection<ActivityDoc>(ACTIVITY_COLLECTION)
    .distinct('language', { kind: { $in: [...kinds] }, userId });
  return (values as LanguageCode[]).sort();
}
