import type { Db } from 'mongodb';
import { BACKFILL_MARKERS } from '@platform/service-kit';
import { C, type AudioPairDoc, type RecordingDoc } from '../collections';
import { QUALITY_DAYS } from '../analytics/store';

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
  recordings: C.recordings,
  recordingMarks: C.recordingMarks,
  votes: C.votes,
  audioPairs: C.audioPairs,
  recordingQualityDaily: QUALITY_DAYS,
} as const;

export const activityCollections = (db: Db) => ({
  recordings: db.collection<RecordingDoc>(ROLLUP_SOURCES.recordings),
  backfillMarkers: db.collection<ActivityBackfillDoc>(BACKFILL_MARKERS),
});
