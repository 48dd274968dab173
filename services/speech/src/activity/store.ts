import type { Db } from 'mongodb';
import type { ActivityKind, ActivityQuery } from '@platform/contracts';
import { activityLanguages, BACKFILL_MARKERS, sumActivity } from '@platform/service-kit';
import { QUALITY_DAYS } from '../analytics/store';
import { AUDIO_PAIRS, type AudioPairDoc } from '../audio-pairs/store';
import { RECORDING_MARKS, RECORDINGS, VOTES, type RecordingDoc } from '../recordings/store';

export type { AudioPairDoc, RecordingDoc };

/**
 * The one-time rebuild of the activity counts from data stored before they were kept (backfill.ts): everything
 * created or decided before `cutoff` is counted by it, everything after by the live counting. service-kit's
 * rollupBackfill owns the marker; the speech service only reads it.
 */
export interface ActivityBackfillDoc {
  _id: string;
  cutoff: Date;
  state: 'pending' | 'done';
  /** Who is running it and until when their lease lasts. */
  owner?: string;
  leaseUntil?: Date;
  doneAt?: Date;
}

/** The collections the roll-ups read and write, by name: their pipelines ($lookup, $merge) name them. */
export const ROLLUP_SOURCES = {
  recordings: RECORDINGS,
  recordingMarks: RECORDING_MARKS,
  votes: VOTES,
  audioPairs: AUDIO_PAIRS,
  recordingQualityDaily: QUALITY_DAYS,
} as const;

export const activityCollections = (db: Db) => ({
  recordings: db.collection<RecordingDoc>(ROLLUP_SOURCES.recordings),
  backfillMarkers: db.collection<ActivityBackfillDoc>(BACKFILL_MARKERS),
});

/** The activity counts the text service asks for: sums over days, and the languages a person contributed in. */
export function activityStore(db: Db) {
  return {
    sums: (queries: readonly ActivityQuery[]) => sumActivity(db, queries),
    languages: (userId: string, kinds: readonly ActivityKind[]) => activityLanguages(db, userId, kinds),
  };
}
