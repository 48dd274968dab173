import type { AnyBulkWriteOperation, Db, Document } from 'mongodb';
import { REVIEW_REJECT_REASONS, type ActivityKind, type LanguageCode } from '@platform/contracts';
import {
  activityCollection,
  ALL_PEOPLE,
  utcMonth,
  type ActivityDoc,
  type ActivityGranularity,
} from '@platform/service-kit';
import {
  idempotentQualityAdd,
  qualityDays,
  type QualityDay,
  type QualityFigures,
} from '../analytics/quality-counts';
import { REVIEW_JUDGEMENTS } from '../review/review-store';
import { SENTENCES } from '../sentences/sentence-store';
import { TEXT_PAIRS } from '../text-pairs/pair-store';
import { ITEM_KINDS, PAIR_LANGUAGE } from './text-activity';

/**
 * The one-off rebuild of the text kinds' daily and monthly counts from what was stored before live counting existed.
 * A marker document holds the cutoff (the earliest start of a process that counts live: everything at or
 * after it is counted live, everything before it here) and a lease, so of several text processes exactly one
 * rebuilds at a time and none does once it is done. Each count is written idempotently (the document keeps
 * what the rebuild added in `backfilled` and the rebuild adds only the difference), so a rebuild taken over
 * after its process stopped half-way does not count anything twice, and live counts in the same documents
 * are kept.
 */
export const ACTIVITY_BACKFILL = 'activity_backfill';
const MARKER_ID = 'text-activity';
/**
 * The quality figures have their own marker (and so their own cutoff): on a database whose activity counts
 * were rebuilt before the figures were kept live, the figures are still rebuilt once.
 */
const QUALITY_MARKER_ID = 'text-quality';
const LEASE_MS = 10 * 60_000;
const RETRY_MS = 5_000;
const WRITE_CHUNK = 1000;

export interface BackfillMarker {
  _id: string;
  cutoff: Date;
  leaseUntil?: Date;
  owner?: string;
  doneAt?: Date;
  /** Daily and monthly documents written. */
  written?: number;
}

const markers = (db: Db) => db.collection<BackfillMarker>(ACTIVITY_BACKFILL);

/** The UTC midnight of a date field, in an aggregation. */
const dayOf = (field: string) => ({
  $dateFromParts: { year: { $year: field }, month: { $month: field }, day: { $dayOfMonth: field } },
});

interface Row {
  _id: { kind: ActivityKind; userId: string; language: LanguageCode; day: Date };
  n: number;
}

const DECIDED = ['validated', 'rejected'];
const decisionKind = (kind: 'sentence' | 'pair') => ({
  $cond: [{ $eq: ['$status', 'validated'] }, ITEM_KINDS[kind].approved, ITEM_KINDS[kind].rejected],
});

/** The aggregations, each grouping stored items into (kind, person, language, day) counts. */
function pipelines(cutoff: Date): Array<{ collection: string; pipeline: Document[] }> {
  const before = { $lt: cutoff };
  return [
    // Sentences written (the starter set has no writer).
    {
      collection: SENTENCES,
      pipeline: [
        { $match: { authorId: { $exists: true }, createdAt: before } },
        {
          $group: {
            _id: {
              kind: ITEM_KINDS.sentence.added,
              userId: '$authorId',
              language: '$language',
              day: dayOf('$createdAt'),
            },
            n: { $sum: 1 },
          },
        },
      ],
    },
    // Pairs added (under 'yo': see PAIR_LANGUAGE).
    {
      collection: TEXT_PAIRS,
      pipeline: [
        { $match: { authorId: { $exists: true }, createdAt: before } },
        {
          $group: {
            _id: {
              kind: ITEM_KINDS.pair.added,
              userId: '$authorId',
              language: PAIR_LANGUAGE,
              day: dayOf('$createdAt'),
            },
            n: { $sum: 1 },
          },
        },
      ],
    },
    // Decisions, at their date (every decided item has one once datePastDecisions has run).
    ...(['sentence', 'pair'] as const).map((kind) => ({
      collection: kind === 'sentence' ? SENTENCES : TEXT_PAIRS,
      pipeline: [
        { $match: { authorId: { $exists: true }, status: { $in: DECIDED } } },
        { $match: { decidedAt: before } },
        {
          $group: {
            _id: {
              kind: decisionKind(kind),
              userId: '$authorId',
              language: kind === 'sentence' ? '$language' : PAIR_LANGUAGE,
              day: dayOf('$decidedAt'),
            },
            n: { $sum: 1 },
          },
        },
      ],
    })),
    // Reviews given (approvals and rejections; skips are not reviews), in the item's language.
    {
      collection: REVIEW_JUDGEMENTS,
      pipeline: [
        { $match: { verdict: { $in: ['approve', 'reject'] }, at: before } },
        { $lookup: { from: SENTENCES, localField: 'itemId', foreignField: '_id', as: 'sentence' } },
        {
          $group: {
            _id: {
              kind: 'reviews.given',
              userId: '$userId',
              language: {
                $cond: [
                  { $eq: ['$kind', 'pair'] },
                  PAIR_LANGUAGE,
                  { $ifNull: [{ $arrayElemAt: ['$sentence.language', 0] }, PAIR_LANGUAGE] },
                ],
              },
              day: dayOf('$at'),
            },
            n: { $sum: 1 },
          },
        },
      ],
    },
  ];
}

const keyOf = (k: Row['_id']) => `${k.kind}\u0000${k.userId}\u0000${k.language}\u0000${k.day.toISOString()}`;

/** Adds `n` to a daily document as the rebuild's share: a second write of the same share changes nothing. */
const idempotentAdd = (key: Row['_id'], n: number): AnyBulkWriteOperation<ActivityDoc> => ({
  updateOne: {
    filter: { kind: key.kind, userId: key.userId, language: key.language, day: key.day },
    update: [
      {
        $set: {
          count: {
            $add: [{ $ifNull: ['$count', 0] }, n, { $multiply: [-1, { $ifNull: ['$backfilled', 0] }] }],
          },
          seconds: { $ifNull: ['$seconds', 0] },
          backfilled: n,
        },
      },
    ],
    upsert: true,
  },
});

/**
 * Gives sentences decided before decisions were dated their decision's date (pairs always had one): an
 * admin's decision at its time, a decision by reviews at the last approval or rejection. Quality metrics and
 * the rebuild both read decisions by this date. Runs in MongoDB ($merge); a second run finds nothing to do.
 */
export async function datePastDecisions(db: Db): Promise<void> {
  const undated = { status: { $in: DECIDED }, decidedAt: { $exists: false } };
  await db
    .collection(SENTENCES)
    .updateMany({ ...undated, 'decidedBy.at': { $exists: true } }, [
      { $set: { decidedAt: '$decidedBy.at' } },
    ]);
  await db
    .collection(REVIEW_JUDGEMENTS)
    .aggregate([
      { $match: { kind: 'sentence', verdict: { $in: ['approve', 'reject'] } } },
      { $group: { _id: '$itemId', decidedAt: { $max: '$at' } } },
      { $lookup: { from: SENTENCES, localField: '_id', foreignField: '_id', as: 'item' } },
      { $match: { 'item.status': { $in: DECIDED }, 'item.decidedAt': { $exists: false } } },
      { $project: { decidedAt: 1 } },
      { $merge: { into: SENTENCES, on: '_id', whenMatched: 'merge', whenNotMatched: 'discard' } },
    ])
    .toArray();
}

/** Rebuilds the counts of everything before `cutoff`; answers the number of daily and monthly documents written. */
export async function rebuildTextActivity(db: Db, cutoff: Date, renew: () => Promise<void>): Promise<number> {
  await datePastDecisions(db);
  await renew();
  // Daily and monthly totals: each row counted under its person and under ALL_PEOPLE, on its day and month.
  const totals: Record<ActivityGranularity, Map<string, { key: Row['_id']; n: number }>> = {
    day: new Map(),
    month: new Map(),
  };
  const add = (granularity: ActivityGranularity, key: Row['_id'], n: number) => {
    const k = keyOf(key);
    const entry = totals[granularity].get(k);
    if (entry) entry.n += n;
    else totals[granularity].set(k, { key, n });
  };
  for (const { collection, pipeline } of pipelines(cutoff)) {
    const cursor = db.collection(collection).aggregate<Row>(pipeline, { allowDiskUse: true });
    for await (const row of cursor) {
      for (const userId of [row._id.userId, ALL_PEOPLE]) {
        add('day', { ...row._id, userId }, row.n);
        add('month', { ...row._id, userId, day: utcMonth(row._id.day) }, row.n);
      }
    }
    await renew();
  }
  let written = 0;
  for (const granularity of ['day', 'month'] as const) {
    const ops = [...totals[granularity].values()].map(({ key, n }) => idempotentAdd(key, n));
    for (let i = 0; i < ops.length; i += WRITE_CHUNK) {
      await activityCollection(db, granularity).bulkWrite(ops.slice(i, i + WRITE_CHUNK), { ordered: false });
      await renew();
    }
    written += ops.length;
  }
  return written;
}

/** The daily quality figures (analytics/quality-counts.ts) of the decisions and rejection reasons before `cutoff`. */
async function qualityDaysBefore(db: Db, cutoff: Date): Promise<QualityDay[]> {
  const isValidated = { $eq: ['$status', 'validated'] };
  const approvals = { $ifNull: ['$approvals', 0] };
  const rejections = { $ifNull: ['$rejections', 0] };
  const decidedOf = (collection: string) =>
    db
      .collection(collection)
      .aggregate<QualityFigures & { _id: Date }>(
        [
          { $match: { status: { $in: DECIDED }, decidedAt: { $lt: cutoff } } },
          {
            $group: {
              _id: dayOf('$decidedAt'),
              decided: { $sum: 1 },
              approved: { $sum: { $cond: [isValidated, 1, 0] } },
              rejected: { $sum: { $cond: [isValidated, 0, 1] } },
              votes: { $sum: { $add: [approvals, rejections] } },
              agreeing: { $sum: { $cond: [isValidated, approvals, rejections] } },
            },
          },
        ],
        { allowDiskUse: true },
      )
      .toArray();
  const [sentences, pairs, reasons] = await Promise.all([
    decidedOf(SENTENCES),
    decidedOf(TEXT_PAIRS),
    db
      .collection(REVIEW_JUDGEMENTS)
      .aggregate<{ _id: { day: Date; reason: (typeof REVIEW_REJECT_REASONS)[number] }; n: number }>(
        [
          { $match: { verdict: 'reject', at: { $lt: cutoff }, reason: { $in: [...REVIEW_REJECT_REASONS] } } },
          { $group: { _id: { day: dayOf('$at'), reason: '$reason' }, n: { $sum: 1 } } },
        ],
        { allowDiskUse: true },
      )
      .toArray(),
  ]);
  const byDay = new Map<number, QualityDay>();
  const dayDoc = (day: Date): QualityDay => {
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
  for (const { _id, ...figures } of [...sentences, ...pairs]) {
    const doc = dayDoc(_id);
    doc.decided += figures.decided;
    doc.approved += figures.approved;
    doc.rejected += figures.rejected;
    doc.votes += figures.votes;
    doc.agreeing += figures.agreeing;
  }
  for (const r of reasons) dayDoc(r._id.day).reasons[r._id.reason] = r.n;
  return [...byDay.values()];
}

/**
 * Rebuilds the daily quality figures of everything before `cutoff` (decisions by their date, rejections'
 * reasons by the judgement's); each day is added idempotently (idempotentQualityAdd), so a second run, or one
 * taken over half-way, counts nothing twice and keeps what was counted live. Answers the days written.
 */
export async function rebuildTextQuality(db: Db, cutoff: Date, renew: () => Promise<void>): Promise<number> {
  await datePastDecisions(db);
  await renew();
  const days = await qualityDaysBefore(db, cutoff);
  await renew();
  for (let i = 0; i < days.length; i += WRITE_CHUNK) {
    await qualityDays(db).bulkWrite(days.slice(i, i + WRITE_CHUNK).map(idempotentQualityAdd), {
      ordered: false,
    });
    await renew();
  }
  return days.length;
}

export interface BackfillHandle {
  /** Resolves once this database's counts and quality figures are rebuilt (by this process or another), or when stopped. */
  done: Promise<void>;
  stop(): void;
}

/**
 * Registers this process's start as a bound of the cutoff, then takes the lease and rebuilds, or waits for
 * the process holding it. Retries while the database is unreachable.
 */
export function startActivityBackfill(options: {
  db: Db;
  startedAt: Date;
  owner: string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  leaseMs?: number;
}): BackfillHandle {
  const { db, startedAt, owner, log } = options;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    const later = (ms: number) => {
      timer = setTimeout(() => void attempt(), ms);
      timer.unref();
    };
    /** Rebuilds one marker's part: 'done' (by this process or another) or 'held' by another process. */
    const rebuildOnce = async (
      id: string,
      what: string,
      rebuild: (db: Db, cutoff: Date, renew: () => Promise<void>) => Promise<number>,
    ): Promise<'done' | 'held'> => {
      const marker = await markers(db).findOne({ _id: id });
      if (marker?.doneAt) return 'done';
      const now = new Date();
      const claimed = await markers(db).findOneAndUpdate(
        {
          _id: id,
          doneAt: { $exists: false },
          $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: { $lte: now } }],
        },
        { $set: { leaseUntil: new Date(now.getTime() + leaseMs), owner } },
        { returnDocument: 'after' },
      );
      if (!claimed) return 'held';
      const renew = async () => {
        await markers(db).updateOne(
          { _id: id, owner },
          { $set: { leaseUntil: new Date(Date.now() + leaseMs) } },
        );
      };
      const written = await rebuild(db, claimed.cutoff, renew);
      await markers(db).updateOne(
        { _id: id, owner },
        { $set: { doneAt: new Date(), written }, $unset: { leaseUntil: '' } },
      );
      log.info({ written, cutoff: claimed.cutoff }, `text ${what} rebuilt`);
      return 'done';
    };
    const attempt = async (): Promise<void> => {
      if (stopped) return resolve();
      try {
        // This process's start bounds both cutoffs before either part is rebuilt (it counts both live from it).
        for (const id of [MARKER_ID, QUALITY_MARKER_ID]) {
          const marker = await markers(db).findOne({ _id: id }, { projection: { doneAt: 1 } });
          if (marker?.doneAt) continue;
          await markers(db).updateOne(
            { _id: id, doneAt: { $exists: false } },
            { $min: { cutoff: startedAt } },
            { upsert: true },
          );
        }
        if ((await rebuildOnce(MARKER_ID, 'activity counts', rebuildTextActivity)) === 'held')
          return later(leaseMs);
        if (stopped) return resolve();
        if ((await rebuildOnce(QUALITY_MARKER_ID, 'quality figures', rebuildTextQuality)) === 'held') {
          return later(leaseMs);
        }
        resolve();
      } catch (err) {
        if (stopped) return resolve();
        // A duplicate key: another process created or finished the marker at the same moment; look again.
        log.warn({ err }, 'could not rebuild text activity counts yet; will retry');
        later(RETRY_MS);
      }
    };
    void attempt();
  });
  return {
    done,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
