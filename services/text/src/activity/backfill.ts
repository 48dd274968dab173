import type { Db, Document } from 'mongodb';
import { REVIEW_REJECT_REASONS } from '@platform/contracts';
import {
  activityRows,
  BACKFILL_MARKERS,
  reasonDays,
  rebuildRollups,
  rollupBackfill,
  utcDayOf,
  type RollupPlan,
  type RollupSource,
} from '@platform/service-kit';
import { QUALITY_FIGURE_PATHS, REVIEW_QUALITY_DAILY } from '../analytics/quality-counts';
import { REVIEW_JUDGEMENTS } from '../review/store';
import { SENTENCES } from '../sentences/store';
import { TEXT_PAIRS } from '../text-pairs/store';
import { datePastDecisions, DECIDED } from './store';
import { ITEM_KINDS, PAIR_LANGUAGE } from './text-activity';

/** Where the rebuilds' markers are kept (service-kit's rollup backfill). */
export const ACTIVITY_BACKFILL = BACKFILL_MARKERS;

const isValidated = { $eq: ['$status', 'validated'] };
const collectionOf = { sentence: SENTENCES, pair: TEXT_PAIRS } as const;
const languageOf = { sentence: '$language', pair: PAIR_LANGUAGE } as const;

/** Items added (the starter set has no writer) and items decided, at their date, under their author. */
const itemSources = (kind: 'sentence' | 'pair'): RollupSource[] => [
  {
    collection: collectionOf[kind],
    pipeline: (cutoff) => [
      { $match: { authorId: { $exists: true }, createdAt: { $lt: cutoff } } },
      ...activityRows({
        kind: ITEM_KINDS[kind].added,
        userId: '$authorId',
        language: languageOf[kind],
        day: utcDayOf('$createdAt'),
      }),
    ],
  },
  {
    collection: collectionOf[kind],
    pipeline: (cutoff) => [
      { $match: { authorId: { $exists: true }, status: { $in: DECIDED }, decidedAt: { $lt: cutoff } } },
      ...activityRows({
        kind: { $cond: [isValidated, ITEM_KINDS[kind].approved, ITEM_KINDS[kind].rejected] },
        userId: '$authorId',
        language: languageOf[kind],
        day: utcDayOf('$decidedAt'),
      }),
    ],
  },
];

/** The text kinds' daily and monthly counts (text-activity.ts). */
const TEXT_ACTIVITY: RollupPlan = {
  marker: 'text-activity',
  prepare: datePastDecisions,
  activity: [
    ...itemSources('sentence'),
    ...itemSources('pair'),
    // Reviews given (approvals and rejections; skips are not reviews), in the item's language.
    {
      collection: REVIEW_JUDGEMENTS,
      pipeline: (cutoff) => [
        { $match: { verdict: { $in: ['approve', 'reject'] }, at: { $lt: cutoff } } },
        { $lookup: { from: SENTENCES, localField: 'itemId', foreignField: '_id', as: 'sentence' } },
        ...activityRows({
          kind: 'reviews.given',
          userId: '$userId',
          language: {
            $cond: [
              { $eq: ['$kind', 'pair'] },
              PAIR_LANGUAGE,
              { $ifNull: [{ $arrayElemAt: ['$sentence.language', 0] }, PAIR_LANGUAGE] },
            ],
          },
          day: utcDayOf('$at'),
        }),
      ],
    },
  ],
};

const approvals = { $ifNull: ['$approvals', 0] };
const rejections = { $ifNull: ['$rejections', 0] };
const decisionDays = (cutoff: Date): Document[] => [
  { $match: { status: { $in: DECIDED }, decidedAt: { $lt: cutoff } } },
  {
    $group: {
      _id: utcDayOf('$decidedAt'),
      decided: { $sum: 1 },
      approved: { $sum: { $cond: [isValidated, 1, 0] } },
      rejected: { $sum: { $cond: [isValidated, 0, 1] } },
      votes: { $sum: { $add: [approvals, rejections] } },
      agreeing: { $sum: { $cond: [isValidated, approvals, rejections] } },
    },
  },
];

/**
 * Review's daily quality figures (analytics/quality-counts.ts): decisions by their date, rejections' reasons
 * by the judgement's. Their own marker, and so their own cutoff: on a database whose activity counts were
 * rebuilt before the figures were kept live, the figures are still rebuilt once.
 */
const TEXT_QUALITY: RollupPlan = {
  marker: 'text-quality',
  prepare: datePastDecisions,
  quality: {
    collection: REVIEW_QUALITY_DAILY,
    figures: QUALITY_FIGURE_PATHS,
    sources: [
      { collection: SENTENCES, pipeline: decisionDays },
      { collection: TEXT_PAIRS, pipeline: decisionDays },
      {
        collection: REVIEW_JUDGEMENTS,
        pipeline: (cutoff) => [
          { $match: { verdict: 'reject', at: { $lt: cutoff }, reason: { $in: [...REVIEW_REJECT_REASONS] } } },
          ...reasonDays(utcDayOf('$at'), '$reason'),
        ],
      },
    ],
  },
};

/**
 * The people's documents (service-kit's lifetime totals and days' active people) from the same sources as the
 * activity counts. Their own marker: the activity counts of most databases were rebuilt before these were kept.
 */
const TEXT_PEOPLE: RollupPlan = { marker: 'text-people', people: TEXT_ACTIVITY.activity };

/** Rebuilds the counts of everything before `cutoff`; answers the daily and monthly documents written. */
export const rebuildTextActivity = (db: Db, cutoff: Date, renew: () => Promise<void>) =>
  rebuildRollups(db, TEXT_ACTIVITY, cutoff, renew);

/** Rebuilds the daily quality figures of everything before `cutoff`; answers the days written. */
export const rebuildTextQuality = (db: Db, cutoff: Date, renew: () => Promise<void>) =>
  rebuildRollups(db, TEXT_QUALITY, cutoff, renew);

export interface BackfillHandle {
  /** Resolves once this database's counts and quality figures are rebuilt (by this process or another), or when stopped. */
  done: Promise<void>;
  stop(): Promise<void>;
}

/** The rebuilds, in the background from now: each bounds its cutoff by this process's start. */
export function startActivityBackfill(options: {
  db: Db;
  startedAt: Date;
  owner: string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  leaseMs?: number;
}): BackfillHandle {
  const parts = [TEXT_ACTIVITY, TEXT_QUALITY, TEXT_PEOPLE].map((plan) =>
    rollupBackfill({ ...options, plan, retryMs: 5_000 }),
  );
  for (const part of parts) part.start();
  return {
    done: Promise.all(parts.map((p) => p.done)).then(() => undefined),
    async stop() {
      await Promise.all(parts.map((p) => p.stop()));
    },
  };
}
