import { BSON, type AnyBulkWriteOperation, type Db, type Document } from 'mongodb';
import type { ActivityKind, ActivityQuery, LanguageCode } from '@platform/contracts';
import type { CollectionIndexes } from './mongo';

/**
 * Activity counts: one document per kind, person, language and UTC day, kept by the service that owns the data
 * as each thing happens (a recording validated, a pair approved), and the same per UTC month. Every figure on
 * the workspace's screens (project progress, task targets, the analytics charts, the dashboard) is a sum over
 * these, so none of them reads the contributions themselves. Each event is counted under its person and under
 * ALL_PEOPLE, so platform-wide sums read one document per kind, language and day (or month). A sum reads whole
 * months from the monthly documents and only the days at either end from the daily ones, so a year costs a
 * dozen documents per kind and language rather than 365.
 */
export const ACTIVITY_COLLECTION = 'activity_daily';
export const ACTIVITY_MONTHLY_COLLECTION = 'activity_monthly';
export const ALL_PEOPLE = '*';

/**
 * Each person's lifetime counts: one document per kind, person and language (no day, and no ALL_PEOPLE rows),
 * kept beside the daily and monthly ones, so "how many people did this in a language" is a count of index
 * entries (ACTIVITY_TOTALS_INDEXES), whatever the number of days or events behind it.
 */
export const ACTIVITY_TOTALS_COLLECTION = 'activity_totals';

/**
 * Who contributed on each UTC day: one document per day (`_id`, its UTC midnight) whose `people` holds, per
 * person, how many of their contribution events (CONTRIBUTION_KINDS) the day counted; a count taken back to
 * zero is no contribution. The people active in a window of days are then read from one document per day,
 * whatever the number of kinds, languages and events behind them.
 */
export const ACTIVE_PEOPLE_COLLECTION = 'activity_people_daily';

/** What makes a person an active contributor: recording, voting, donating, writing, adding pairs, reviewing. */
export const CONTRIBUTION_KINDS: readonly ActivityKind[] = [
  'recordings.submitted',
  'votes.given',
  'donations.submitted',
  'sentences.written',
  'pairs.added',
  'reviews.given',
];

export interface ActivePeopleDayDoc {
  _id: Date;
  people: Record<string, number>;
}

export type ActivityGranularity = 'day' | 'month';
const COLLECTION_OF: Record<ActivityGranularity, string> = {
  day: ACTIVITY_COLLECTION,
  month: ACTIVITY_MONTHLY_COLLECTION,
};

export interface ActivityDoc {
  kind: ActivityKind;
  /** The person, or ALL_PEOPLE. */
  userId: string;
  language: LanguageCode;
  /** The UTC midnight of the day (of the month's first day in the monthly collection). */
  day: Date;
  count: number;
  /** Seconds of audio, for kinds that have it (recordings, donations). */
  seconds: number;
}

const countIndex = {
  key: { kind: 1, userId: 1, language: 1, day: 1 },
  name: 'kind_user_language_day',
  unique: true,
};
export const ACTIVITY_INDEXES: CollectionIndexes[] = [
  { collection: ACTIVITY_COLLECTION, indexes: [countIndex] },
  { collection: ACTIVITY_MONTHLY_COLLECTION, indexes: [countIndex] },
  {
    collection: ACTIVITY_TOTALS_COLLECTION,
    indexes: [
      { key: { kind: 1, userId: 1, language: 1 }, name: 'kind_user_language', unique: true },
      // The people with a count of a kind in a language (a count, answered from the index's entries).
      { key: { kind: 1, language: 1, count: 1 }, name: 'kind_language_count' },
      // A deleted account's rows (pseudonymiseActivity).
      { key: { userId: 1 }, name: 'user' },
    ],
  },
];

export const utcDay = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
export const utcMonth = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const startOf = (granularity: ActivityGranularity, at: Date) =>
  granularity === 'day' ? utcDay(at) : utcMonth(at);

/** Both granularities' collections (tests empty them together). */
export const ACTIVITY_COLLECTIONS = [ACTIVITY_COLLECTION, ACTIVITY_MONTHLY_COLLECTION] as const;

/** The collection holding one granularity's counts. */
export const activityCollection = (db: Db, granularity: ActivityGranularity) =>
  db.collection<ActivityDoc>(COLLECTION_OF[granularity]);

export interface ActivityEvent {
  kind: ActivityKind;
  userId: string;
  language: LanguageCode;
  at: Date;
  /** Defaults to 1; a negative count undoes an earlier one. */
  count?: number;
  seconds?: number;
}

/**
 * The upserts that add these events to one granularity's collection (for services that write counts in bulk,
 * as a backfill does). recordActivity writes both granularities.
 */
export function activityWrites(
  events: readonly ActivityEvent[],
  granularity: ActivityGranularity = 'day',
): AnyBulkWriteOperation<ActivityDoc>[] {
  // Events of one kind, person, language and day (or month) add up to one upsert: a bulk file of thousands of
  // sentences by one writer is four writes, not four per sentence.
  const sums = new Map<string, Omit<ActivityDoc, 'day'> & { day: Date }>();
  for (const e of events) {
    const day = startOf(granularity, e.at);
    for (const userId of [e.userId, ALL_PEOPLE]) {
      const key = `${e.kind}\u0000${userId}\u0000${e.language}\u0000${day.getTime()}`;
      const sum = sums.get(key) ?? { kind: e.kind, userId, language: e.language, day, count: 0, seconds: 0 };
      sum.count += e.count ?? 1;
      sum.seconds += e.seconds ?? 0;
      sums.set(key, sum);
    }
  }
  return [...sums.values()].map(({ count, seconds, ...filter }) => ({
    updateOne: { filter, update: { $inc: { count, seconds } }, upsert: true },
  }));
}

/** The upserts adding these events to each person's lifetime totals (not under ALL_PEOPLE). */
export function totalWrites(events: readonly ActivityEvent[]): AnyBulkWriteOperation<Document>[] {
  const sums = new Map<
    string,
    { kind: ActivityKind; userId: string; language: LanguageCode; count: number; seconds: number }
  >();
  for (const e of events) {
    const key = `${e.kind}\u0000${e.userId}\u0000${e.language}`;
    const sum = sums.get(key) ?? {
      kind: e.kind,
      userId: e.userId,
      language: e.language,
      count: 0,
      seconds: 0,
    };
    sum.count += e.count ?? 1;
    sum.seconds += e.seconds ?? 0;
    sums.set(key, sum);
  }
  return [...sums.values()].map(({ count, seconds, ...filter }) => ({
    updateOne: { filter, update: { $inc: { count, seconds } }, upsert: true },
  }));
}

/** The upserts adding these events' contributions (CONTRIBUTION_KINDS) to their days' active people. */
export function activePeopleWrites(events: readonly ActivityEvent[]): AnyBulkWriteOperation<Document>[] {
  const days = new Map<number, Record<string, number>>();
  for (const e of events) {
    if (!CONTRIBUTION_KINDS.includes(e.kind) || e.userId === ALL_PEOPLE) continue;
    const day = utcDay(e.at).getTime();
    const inc = days.get(day) ?? {};
    inc[`people.${e.userId}`] = (inc[`people.${e.userId}`] ?? 0) + (e.count ?? 1);
    days.set(day, inc);
  }
  return [...days].map(([day, inc]) => ({
    updateOne: { filter: { _id: new Date(day) }, update: { $inc: inc }, upsert: true },
  }));
}

/**
 * Counts the events: daily and monthly rows, each person's lifetime totals and the days' active people
 * (unordered: each upsert stands alone).
 */
export async function recordActivity(db: Db, events: readonly ActivityEvent[]): Promise<void> {
  if (events.length === 0) return;
  const people = activePeopleWrites(events);
  await Promise.all([
    ...(['day', 'month'] as const).map((g) =>
      activityCollection(db, g).bulkWrite(activityWrites(events, g), { ordered: false }),
    ),
    db.collection(ACTIVITY_TOTALS_COLLECTION).bulkWrite(totalWrites(events), { ordered: false }),
    ...(people.length > 0
      ? [db.collection(ACTIVE_PEOPLE_COLLECTION).bulkWrite(people, { ordered: false })]
      : []),
  ]);
}

const { parseToElements, ByteUtils, NumberUtils } = BSON.onDemand;
const BSON_DOUBLE = 0x01;
const BSON_DOCUMENT = 0x03;
const BSON_INT32 = 0x10;
const BSON_INT64 = 0x12;

/** The numeric value of an element of a day's people (a count kept by $inc), or 0 for anything else. */
function countAt(raw: Uint8Array, type: number, at: number): number {
  if (type === BSON_INT32) return NumberUtils.getInt32LE(raw, at);
  if (type === BSON_DOUBLE) return NumberUtils.getFloat64LE(raw, at);
  if (type === BSON_INT64) return Number(NumberUtils.getBigInt64LE(raw, at));
  return 0;
}

/**
 * Adds the ids with a positive count in a day document's `people`, read from its bytes: a day holds a field per
 * person, and building an object of thousands of fields per day cost more than the whole rest of the figures.
 */
function addPeopleOfDay(raw: Uint8Array, into: Set<string>): void {
  for (const [type, nameAt, nameLength, at] of parseToElements(raw, 0)) {
    if (type !== BSON_DOCUMENT || ByteUtils.toUTF8(raw, nameAt, nameAt + nameLength, false) !== 'people')
      continue;
    for (const [t, idAt, idLength, valueAt] of parseToElements(raw, at))
      if (countAt(raw, t, valueAt) > 0) into.add(ByteUtils.toUTF8(raw, idAt, idAt + idLength, false));
  }
}

/** The people with a contribution on `since`'s UTC day or later, in id order: one document read per day. */
export async function activePeopleSince(db: Db, since: Date): Promise<string[]> {
  const days = (await db
    .collection<ActivePeopleDayDoc>(ACTIVE_PEOPLE_COLLECTION)
    .find({ _id: { $gte: utcDay(since) } }, { raw: true })
    .toArray()) as unknown as Uint8Array[];
  const people = new Set<string>();
  for (const raw of days) addPeopleOfDay(raw, people);
  return [...people].sort();
}

/** How many people have a count of this kind in each language, from their lifetime totals (index entries). */
export async function peopleWithActivity(
  db: Db,
  kind: ActivityKind,
  languages: readonly LanguageCode[],
): Promise<Map<LanguageCode, number>> {
  const counts = await Promise.all(
    languages.map(async (language) => {
      const reply = await db.command({
        count: ACTIVITY_TOTALS_COLLECTION,
        query: { kind, language, count: { $gt: 0 } },
      });
      return [language, Number(reply.n)] as const;
    }),
  );
  return new Map(counts);
}

/**
 * A deleted account's activity carries `pseudonym` instead: its rows (daily, monthly, lifetime) and its place
 * among the days' active people (added to the pseudonym's). Idempotent: a second call finds nothing left.
 */
export async function pseudonymiseActivity(db: Db, userId: string, pseudonym: string): Promise<void> {
  await Promise.all(
    [...ACTIVITY_COLLECTIONS, ACTIVITY_TOTALS_COLLECTION].map((c) =>
      db.collection(c).updateMany({ userId }, { $set: { userId: pseudonym } }),
    ),
  );
  const path = `people.${userId}`;
  const days = db.collection<ActivePeopleDayDoc>(ACTIVE_PEOPLE_COLLECTION);
  for (const { _id } of await days
    .find({ [path]: { $exists: true } }, { projection: { _id: 1 } })
    .toArray()) {
    await days.updateOne({ _id, [path]: { $exists: true } }, [
      { $set: { [`people.${pseudonym}`]: { $add: [{ $ifNull: [`$people.${pseudonym}`, 0] }, `$${path}`] } } },
      { $unset: path },
    ]);
  }
}

/** Rows of daily counts summed into rows per month (a backfill writes both). */
export function monthlyRows<
  R extends Omit<ActivityDoc, 'count' | 'seconds'> & { count: number; seconds: number },
>(rows: readonly R[]): R[] {
  const months = new Map<string, R>();
  for (const r of rows) {
    const day = utcMonth(r.day);
    const key = `${r.kind}\u0000${r.userId}\u0000${r.language}\u0000${day.getTime()}`;
    const sum = months.get(key) ?? { ...r, day, count: 0, seconds: 0 };
    sum.count += r.count;
    sum.seconds += r.seconds;
    months.set(key, sum);
  }
  return [...months.values()];
}

/** One range of one query, read from one granularity. */
interface Part {
  key: string;
  kinds: readonly ActivityKind[];
  userId: string;
  languages?: readonly LanguageCode[];
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;

/**
 * A query's days, [from's day, to) rounded out to whole days, cut into whole months (read monthly) and the days
 * before the first and after the last of them (read daily).
 */
function partsOf(q: ActivityQuery): Record<ActivityGranularity, Part[]> {
  const base = { key: q.key, kinds: q.kinds, userId: q.userId ?? ALL_PEOPLE, languages: q.languages };
  const from = utcDay(new Date(q.from));
  const toInstant = new Date(q.to);
  const to =
    utcDay(toInstant).getTime() === toInstant.getTime()
      ? toInstant
      : new Date(utcDay(toInstant).getTime() + DAY_MS);
  if (to <= from) return { day: [], month: [] };
  const firstMonth =
    from.getUTCDate() === 1 ? from : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const lastMonthEnd = utcMonth(to);
  if (firstMonth >= lastMonthEnd) return { day: [{ ...base, from, to }], month: [] };
  const day: Part[] = [];
  if (from < firstMonth) day.push({ ...base, from, to: firstMonth });
  if (lastMonthEnd < to) day.push({ ...base, from: lastMonthEnd, to });
  return { day, month: [{ ...base, from: firstMonth, to: lastMonthEnd }] };
}

const matchOf = (p: Part): Document => ({
  kind: p.kinds.length === 1 ? p.kinds[0] : { $in: p.kinds },
  userId: p.userId,
  ...(p.languages ? { language: p.languages.length === 1 ? p.languages[0] : { $in: p.languages } } : {}),
  day: { $gte: p.from, $lt: p.to },
});

const holds = (p: Part, doc: Pick<ActivityDoc, 'kind' | 'userId' | 'language' | 'day'>) =>
  doc.userId === p.userId &&
  p.kinds.includes(doc.kind) &&
  (!p.languages || p.languages.includes(doc.language)) &&
  doc.day >= p.from &&
  doc.day < p.to;

/** $or reads each branch through the index; MongoDB and the embedded server both union up to this many. */
const BRANCHES_PER_READ = 32;

/**
 * The sum of `count` for each query. Each read takes up to 32 ranges at once through the index (their union, each
 * document once) and adds every document to the ranges it falls in. Days are whole: a day counts when any of it
 * is in [from, to), so with midnight-aligned ranges, as the period buckets are, exactly the days in [from, to).
 */
export async function sumActivity(db: Db, queries: readonly ActivityQuery[]): Promise<Map<string, number>> {
  const sums = new Map<string, number>(queries.map((q) => [q.key, 0]));
  const parts: Record<ActivityGranularity, Part[]> = { day: [], month: [] };
  for (const q of queries) {
    const { day, month } = partsOf(q);
    parts.day.push(...day);
    parts.month.push(...month);
  }
  const reads: Array<{ granularity: ActivityGranularity; chunk: Part[] }> = [];
  for (const granularity of ['day', 'month'] as const) {
    for (let i = 0; i < parts[granularity].length; i += BRANCHES_PER_READ)
      reads.push({ granularity, chunk: parts[granularity].slice(i, i + BRANCHES_PER_READ) });
  }
  await Promise.all(
    reads.map(async ({ granularity, chunk }) => {
      const docs = activityCollection(db, granularity).find(
        { $or: chunk.map(matchOf) },
        { projection: { _id: 0, kind: 1, userId: 1, language: 1, day: 1, count: 1 } },
      );
      for await (const doc of docs) {
        for (const p of chunk) if (holds(p, doc)) sums.set(p.key, sums.get(p.key)! + doc.count);
      }
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
  const values = await activityCollection(db, 'month').distinct('language', {
    kind: { $in: [...kinds] },
    userId,
  });
  return (values as LanguageCode[]).sort();
}
