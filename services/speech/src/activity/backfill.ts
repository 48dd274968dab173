import type { Db } from 'mongodb';
import { RECORDING_REPORT_REASONS } from '@platform/contracts';
import {
  activityRows,
  reasonDays,
  rollupBackfill,
  runRollupBackfill,
  utcDayOf,
  type BackfillOutcome,
  type RollupBackfill,
  type RollupPlan,
} from '@platform/service-kit';
import { QUALITY_FIGURE_PATHS } from '../analytics/quality-counts';
import { DONATION_LANGUAGE } from './events';
import { activityCollections, ROLLUP_SOURCES as C } from './store';

/** The marker's _id: a later rebuild of another kind would take another one. */
export const BACKFILL_ID = 'speech-activity-v1';

const DECIDED_RECORDINGS = { $in: ['validated', 'invalidated'] };
const DECIDED_PAIRS = { $in: ['approved', 'rejected'] };
const pairSeconds = { $divide: [{ $add: ['$sourceDurationMs', '$targetDurationMs'] }, 1000] };
const isValidated = { $eq: ['$status', 'validated'] };

/**
 * Decided recordings from before `decidedAt` was kept get it now: their last vote's time (the vote that
 * decided them), computed and written back in one aggregation ($merge).
 */
async function stampOldDecisions(db: Db) {
  await activityCollections(db)
    .recordings.aggregate([
      { $match: { status: DECIDED_RECORDINGS, decidedAt: { $exists: false } } },
      { $project: { createdAt: 1 } },
      { $lookup: { from: C.votes, localField: '_id', foreignField: 'recordingId', as: 'votes' } },
      { $project: { decidedAt: { $ifNull: [{ $max: '$votes.createdAt' }, '$createdAt'] } } },
      { $merge: { into: C.recordings, on: '_id', whenMatched: 'merge', whenNotMatched: 'discard' } },
    ])
    .toArray();
}

/**
 * The speech service's roll-ups of what was stored before they were kept live: the activity kinds of
 * events.ts, on the days they happened, and Listen's daily quality figures (analytics/quality-counts.ts).
 */
const SPEECH_ROLLUPS: RollupPlan = {
  marker: BACKFILL_ID,
  prepare: stampOldDecisions,
  activity: [
    {
      collection: C.recordings,
      pipeline: (cutoff) => [
        { $match: { createdAt: { $lt: cutoff } } },
        ...activityRows(
          {
            kind: 'recordings.submitted',
            userId: '$speakerId',
            language: '$language',
            day: utcDayOf('$createdAt'),
          },
          '$durationSeconds',
        ),
      ],
    },
    {
      collection: C.recordings,
      pipeline: (cutoff) => [
        { $match: { decidedAt: { $lt: cutoff }, status: DECIDED_RECORDINGS } },
        ...activityRows(
          {
            kind: { $cond: [isValidated, 'recordings.validated', 'recordings.rejected'] },
            userId: '$speakerId',
            language: '$language',
            day: utcDayOf('$decidedAt'),
          },
          '$durationSeconds',
        ),
      ],
    },
    {
      collection: C.votes,
      pipeline: (cutoff) => [
        { $match: { createdAt: { $lt: cutoff } } },
        {
          $lookup: { from: C.recordings, localField: 'recordingId', foreignField: '_id', as: 'recording' },
        },
        { $unwind: '$recording' },
        ...activityRows({
          kind: 'votes.given',
          userId: '$voterId',
          language: '$recording.language',
          day: utcDayOf('$createdAt'),
        }),
      ],
    },
    {
      collection: C.audioPairs,
      pipeline: (cutoff) => [
        { $match: { createdAt: { $lt: cutoff } } },
        ...activityRows(
          {
            kind: 'donations.submitted',
            userId: '$donorId',
            language: DONATION_LANGUAGE,
            day: utcDayOf('$createdAt'),
          },
          pairSeconds,
        ),
      ],
    },
    {
      collection: C.audioPairs,
      pipeline: (cutoff) => [
        { $match: { 'decision.at': { $lt: cutoff }, status: DECIDED_PAIRS } },
        ...activityRows(
          {
            kind: { $cond: [{ $eq: ['$status', 'approved'] }, 'donations.approved', 'donations.rejected'] },
            userId: '$donorId',
            language: DONATION_LANGUAGE,
            day: utcDayOf('$decision.at'),
          },
          pairSeconds,
        ),
      ],
    },
  ],
  quality: {
    collection: C.recordingQualityDaily,
    figures: QUALITY_FIGURE_PATHS,
    sources: [
      {
        collection: C.recordings,
        pipeline: (cutoff) => [
          { $match: { decidedAt: { $lt: cutoff }, status: DECIDED_RECORDINGS } },
          {
            $group: {
              _id: utcDayOf('$decidedAt'),
              decided: { $sum: 1 },
              approved: { $sum: { $cond: [isValidated, 1, 0] } },
              rejected: { $sum: { $cond: [isValidated, 0, 1] } },
              votes: { $sum: { $add: ['$yes', '$no'] } },
              agreeing: { $sum: { $cond: [isValidated, '$yes', '$no'] } },
            },
          },
        ],
      },
      {
        collection: C.recordingMarks,
        pipeline: (cutoff) => [
          {
            $match: {
              kind: 'reported',
              createdAt: { $lt: cutoff },
              reason: { $in: [...RECORDING_REPORT_REASONS] },
            },
          },
          ...reasonDays(utcDayOf('$createdAt'), '$reason'),
        ],
      },
    ],
  },
};

/**
 * The people's documents (service-kit's lifetime totals and days' active people) from the same sources as the
 * activity counts. Their own marker: the activity counts of most databases were rebuilt before these were kept.
 */
export const PEOPLE_BACKFILL_ID = 'speech-people';
const SPEECH_PEOPLE: RollupPlan = { marker: PEOPLE_BACKFILL_ID, people: SPEECH_ROLLUPS.activity };

export type { BackfillOutcome };

/**
 * One attempt of each rebuild (the bench times them): the activity counts' outcome (done, or skipped when done
 * before or held by another process); the people's documents are rebuilt after them.
 */
export async function runActivityBackfill(options: {
  db: Db;
  startedAt: Date;
  now?: () => Date;
  owner?: string;
}): Promise<BackfillOutcome> {
  const outcome = await runRollupBackfill({ ...options, plan: SPEECH_ROLLUPS });
  await runRollupBackfill({ ...options, plan: SPEECH_PEOPLE });
  return outcome;
}

export type ActivityBackfill = RollupBackfill;

/**
 * Both rebuilds, started in the background at start once the indexes exist, each retried until done here or
 * elsewhere. runOnce answers the activity counts' outcome.
 */
export function createActivityBackfill(options: {
  db: Db;
  startedAt: Date;
  indexesReady: () => boolean;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  retryMs?: number;
}): ActivityBackfill {
  const [activity, people] = [SPEECH_ROLLUPS, SPEECH_PEOPLE].map((plan) =>
    rollupBackfill({
      db: options.db,
      plan,
      startedAt: options.startedAt,
      ready: options.indexesReady,
      log: options.log,
      retryMs: options.retryMs,
    }),
  ) as [RollupBackfill, RollupBackfill];
  return {
    async runOnce() {
      const outcome = await activity.runOnce();
      await people.runOnce();
      return outcome;
    },
    start() {
      activity.start();
      people.start();
    },
    async stop() {
      await Promise.all([activity.stop(), people.stop()]);
    },
    done: Promise.all([activity.done, people.done]).then(() => undefined),
  };
}
