import { randomUUID } from 'node:crypto';
import type { AnyBulkWriteOperation, Collection, Db, Document } from 'mongodb';
import { MongoBulkWriteError } from 'mongodb';
import { RECORDING_REPORT_REASONS, type ActivityKind, type LanguageCode } from '@platform/contracts';
import {
  activityCollection,
  ALL_PEOPLE,
  ignoreDuplicateKey,
  monthlyRows,
  type ActivityDoc,
} from '@platform/service-kit';
import { collections, type RecordingQualityDayDoc } from '../collections';
import { DONATION_LANGUAGE } from './events';

/** The marker's _id: a later rebuild of another kind would take another one. */
export const BACKFILL_ID = 'speech-activity-v1';
/** A backfill that stops renewing its lease for this long is taken over by another process. */
export const BACKFILL_LEASE_MS = 10 * 60_000;
const WRITE_BATCH = 1000;

interface Row {
  kind: ActivityKind;
  userId: string;
  language: LanguageCode;
  day: Date;
  count: number;
  seconds: number;
}

export type BackfillOutcome =
  | { state: 'done'; cutoff: Date; rows: number }
  /** Done before, or another process holds the lease. */
  | { state: 'skipped' };

/** The UTC midnight of a date field, in an aggregation. */
const dayOf = (field: string) => ({
  $dateFromParts: { year: { $year: field }, month: { $month: field }, day: { $dayOfMonth: field } },
});

/** Groups the stage's documents into rows; `key` names kind, userId, language and day expressions. */
const toRows = (key: Record<keyof Omit<Row, 'count' | 'seconds'>, unknown>, seconds: unknown): Document[] => [
  { $group: { _id: key, count: { $sum: 1 }, seconds: { $sum: seconds } } },
  {
    $project: {
      _id: 0,
      kind: '$_id.kind',
      userId: '$_id.userId',
      language: '$_id.language',
      day: '$_id.day',
      count: 1,
      seconds: 1,
    },
  },
];

/**
 * The counts of everything created or decided before `cutoff`, grouped in MongoDB into one row per kind,
 * person, language and day.
 */
async function rowsBefore(db: Db, cutoff: Date): Promise<Row[]> {
  const col = collections(db);
  const before = { $lt: cutoff };
  const pairSeconds = { $divide: [{ $add: ['$sourceDurationMs', '$targetDurationMs'] }, 1000] };
  const results = await Promise.all([
    col.recordings
      .aggregate<Row>([
        { $match: { createdAt: before } },
        ...toRows(
          {
            kind: 'recordings.submitted',
            userId: '$speakerId',
            language: '$language',
            day: dayOf('$createdAt'),
          },
          '$durationSeconds',
        ),
      ])
      .toArray(),
    col.recordings
      .aggregate<Row>([
        { $match: { decidedAt: before, status: { $in: ['validated', 'invalidated'] } } },
        ...toRows(
          {
            kind: {
              $cond: [{ $eq: ['$status', 'validated'] }, 'recordings.validated', 'recordings.rejected'],
            },
            userId: '$speakerId',
            language: '$language',
            day: dayOf('$decidedAt'),
          },
          '$durationSeconds',
        ),
      ])
      .toArray(),
    col.votes
      .aggregate<Row>([
        { $match: { createdAt: before } },
        {
          $lookup: {
            from: col.recordings.collectionName,
            localField: 'recordingId',
            foreignField: '_id',
            as: 'recording',
          },
        },
        { $unwind: '$recording' },
        ...toRows(
          {
            kind: 'votes.given',
            userId: '$voterId',
            language: '$recording.language',
            day: dayOf('$createdAt'),
          },
          0,
        ),
      ])
      .toArray(),
    col.audioPairs
      .aggregate<Row>([
        { $match: { createdAt: before } },
        ...toRows(
          {
            kind: 'donations.submitted',
            userId: '$donorId',
            language: DONATION_LANGUAGE,
            day: dayOf('$createdAt'),
          },
          pairSeconds,
        ),
      ])
      .toArray(),
    col.audioPairs
      .aggregate<Row>([
        { $match: { 'decision.at': before, status: { $in: ['approved', 'rejected'] } } },
        ...toRows(
          {
            kind: {
              $cond: [{ $eq: ['$status', 'approved'] }, 'donations.approved', 'donations.rejected'],
            },
            userId: '$donorId',
            language: DONATION_LANGUAGE,
            day: dayOf('$decision.at'),
          },
          pairSeconds,
        ),
      ])
      .toArray(),
  ]);
  return results.flat();
}

/** The rows summed over everyone (ALL_PEOPLE), each (kind, language, day) once. */
function everyoneRows(rows: readonly Row[]): Row[] {
  const sums = new Map<string, Row>();
  for (const r of rows) {
    const key = `${r.kind}\u0000${r.language}\u0000${r.day.getTime()}`;
    const sum = sums.get(key) ?? { ...r, userId: ALL_PEOPLE, count: 0, seconds: 0 };
    sum.count += r.count;
    sum.seconds += r.seconds;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/**
 * Adds each row once: the document is tagged with the backfill's id as it is added to, and the filter
 * skips a tagged one, so a second attempt (a process that died mid-way and a successor retrying) upserts
 * into the unique (kind, user, language, day) index instead and is refused with a duplicate key, which is
 * ignored. Live counts of the same day add to the same document either side of the backfill.
 */
const backfillWrites = (rows: readonly Row[]): AnyBulkWriteOperation<ActivityDoc & { backfill?: string }>[] =>
  rows.map((r) => ({
    updateOne: {
      filter: {
        kind: r.kind,
        userId: r.userId,
        language: r.language,
        day: r.day,
        backfill: { $ne: BACKFILL_ID },
      },
      update: { $inc: { count: r.count, seconds: r.seconds }, $set: { backfill: BACKFILL_ID } },
      upsert: true,
    },
  }));

async function writeOnce<T extends Document>(collection: Collection<T>, ops: AnyBulkWriteOperation<T>[]) {
  if (ops.length === 0) return;
  try {
    await collection.bulkWrite(ops, { ordered: false });
  } catch (err) {
    if (!(err instanceof MongoBulkWriteError)) throw err;
    const errors = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
    if (errors.some((e) => e.code !== 11000)) throw err;
  }
}

type QualityDay = Required<Omit<RecordingQualityDayDoc, 'reasons'>> & { reasons: Record<string, number> };

/** Listen's daily quality figures (analytics/quality-counts.ts) of the decisions and reports before `cutoff`. */
async function qualityDaysBefore(db: Db, cutoff: Date): Promise<QualityDay[]> {
  const col = collections(db);
  const isValidated = { $eq: ['$status', 'validated'] };
  const [decisions, reports] = await Promise.all([
    col.recordings
      .aggregate<Omit<QualityDay, 'reasons'>>([
        { $match: { decidedAt: { $lt: cutoff }, status: { $in: ['validated', 'invalidated'] } } },
        {
          $group: {
            _id: dayOf('$decidedAt'),
            decided: { $sum: 1 },
            approved: { $sum: { $cond: [isValidated, 1, 0] } },
            rejected: { $sum: { $cond: [isValidated, 0, 1] } },
            votes: { $sum: { $add: ['$yes', '$no'] } },
            agreeing: { $sum: { $cond: [isValidated, '$yes', '$no'] } },
          },
        },
      ])
      .toArray(),
    col.recordingMarks
      .aggregate<{ _id: { day: Date; reason: string }; count: number }>([
        {
          $match: {
            kind: 'reported',
            createdAt: { $lt: cutoff },
            reason: { $in: [...RECORDING_REPORT_REASONS] },
          },
        },
        { $group: { _id: { day: dayOf('$createdAt'), reason: '$reason' }, count: { $sum: 1 } } },
      ])
      .toArray(),
  ]);
  const byDay = new Map<number, QualityDay>();
  const dayDoc = (day: Date) => {
    const doc = byDay.get(day.getTime()) ?? {
      _id: day,
      decided: 0,
      approved: 0,
      rejected: 0,
      votes: 0,
      agreeing: 0,
      reasons: {},
    };
    byDay.set(day.getTime(), doc);
    return doc;
  };
  for (const d of decisions) Object.assign(dayDoc(d._id), d);
  for (const r of reports) dayDoc(r._id.day).reasons[r._id.reason] = r.count;
  return [...byDay.values()];
}

/** Adds each day's figures once, as backfillWrites does (the day is the _id, so a retry is a duplicate key). */
const qualityWrites = (
  days: readonly QualityDay[],
): AnyBulkWriteOperation<RecordingQualityDayDoc & { backfill?: string }>[] =>
  days.map(({ _id, reasons, ...figures }) => ({
    updateOne: {
      filter: { _id, backfill: { $ne: BACKFILL_ID } },
      update: {
        $inc: {
          ...figures,
          ...Object.fromEntries(Object.entries(reasons).map(([reason, n]) => [`reasons.${reason}`, n])),
        },
        $set: { backfill: BACKFILL_ID },
      },
      upsert: true,
    },
  }));

/**
 * Decided recordings from before `decidedAt` was kept get it now: their last vote's time (the vote that
 * decided them), computed and written back in one aggregation ($merge).
 */
async function stampOldDecisions(db: Db) {
  const col = collections(db);
  await col.recordings
    .aggregate([
      { $match: { status: { $in: ['validated', 'invalidated'] }, decidedAt: { $exists: false } } },
      { $project: { createdAt: 1 } },
      {
        $lookup: {
          from: col.votes.collectionName,
          localField: '_id',
          foreignField: 'recordingId',
          as: 'votes',
        },
      },
      { $project: { decidedAt: { $ifNull: [{ $max: '$votes.createdAt' }, '$createdAt'] } } },
      {
        $merge: {
          into: col.recordings.collectionName,
          on: '_id',
          whenMatched: 'merge',
          whenNotMatched: 'discard',
        },
      },
    ])
    .toArray();
}

/**
 * Rebuilds, once per database, the activity counts of the data stored before they were kept live. The
 * marker fixes the cutoff the first time any process gets here (its start time, before it served any
 * request, so nothing it counts live is older); every event before the cutoff is counted here and every
 * one after it by the live counting, never both. One process at a time holds the lease; a process that dies
 * mid-way leaves the lease to lapse and the next one redoes the work, each row being added at most once.
 */
export async function runActivityBackfill(options: {
  db: Db;
  /** When this process started: the cutoff if it is the first to set one. */
  startedAt: Date;
  now?: () => Date;
  owner?: string;
}): Promise<BackfillOutcome> {
  const { db, startedAt } = options;
  const now = options.now ?? (() => new Date());
  const owner = options.owner ?? randomUUID();
  const markers = collections(db).activityBackfill;
  await markers
    .updateOne(
      { _id: BACKFILL_ID },
      { $setOnInsert: { cutoff: startedAt, state: 'pending' } },
      { upsert: true },
    )
    .catch(ignoreDuplicateKey);
  const lease = () => new Date(now().getTime() + BACKFILL_LEASE_MS);
  const marker = await markers.findOneAndUpdate(
    {
      _id: BACKFILL_ID,
      state: 'pending',
      $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: { $lte: now() } }],
    },
    { $set: { owner, leaseUntil: lease() } },
    { returnDocument: 'after' },
  );
  if (!marker) return { state: 'skipped' };
  const renew = async () => {
    const held = await markers.updateOne(
      { _id: BACKFILL_ID, owner, state: 'pending' },
      { $set: { leaseUntil: lease() } },
    );
    if (held.matchedCount !== 1) throw new Error('activity backfill: lease lost to another process');
  };

  await stampOldDecisions(db);
  await renew();
  const rows = await rowsBefore(db, marker.cutoff);
  const all = [...rows, ...everyoneRows(rows)];
  for (const [granularity, granular] of [
    ['day', all],
    ['month', monthlyRows(all)],
  ] as const) {
    const counts = activityCollection(db, granularity) as Collection<ActivityDoc & { backfill?: string }>;
    for (let i = 0; i < granular.length; i += WRITE_BATCH) {
      await writeOnce(counts, backfillWrites(granular.slice(i, i + WRITE_BATCH)));
      await renew();
    }
  }
  const quality = await qualityDaysBefore(db, marker.cutoff);
  for (let i = 0; i < quality.length; i += WRITE_BATCH) {
    await writeOnce(collections(db).recordingQualityDaily, qualityWrites(quality.slice(i, i + WRITE_BATCH)));
    await renew();
  }
  await markers.updateOne(
    { _id: BACKFILL_ID, owner },
    { $set: { state: 'done', doneAt: now() }, $unset: { owner: '', leaseUntil: '' } },
  );
  return { state: 'done', cutoff: marker.cutoff, rows: all.length + quality.length };
}

export interface ActivityBackfill {
  /** Runs the backfill now (tests; the service starts it itself). */
  runOnce(): Promise<BackfillOutcome>;
  /** Starts it in the background: once the indexes exist, retried after a failure until it is done. */
  start(): void;
  stop(): Promise<void>;
}

export function createActivityBackfill(options: {
  db: Db;
  startedAt: Date;
  indexesReady: () => boolean;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  retryMs?: number;
}): ActivityBackfill {
  let stopped = false;
  let running: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const runOnce = () => runActivityBackfill({ db: options.db, startedAt: options.startedAt });
  const loop = async () => {
    // Adding at most once relies on the unique index of the counts: wait until it exists.
    while (!stopped && !options.indexesReady()) await pause(200);
    while (!stopped) {
      try {
        const outcome = await runOnce();
        if (outcome.state === 'done') options.log.info(outcome, 'activity counts rebuilt from stored data');
        return;
      } catch (err) {
        options.log.warn({ err }, 'activity backfill failed; retrying');
        await pause(options.retryMs ?? 60_000);
      }
    }
  };
  return {
    runOnce,
    start() {
      running ??= loop();
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
