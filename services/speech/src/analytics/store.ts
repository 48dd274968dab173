import type { Db } from 'mongodb';
import type { ChartPeriod } from '@platform/contracts';
import { languageDistribution } from './language-distribution';
import { recordingQuality } from './quality-counts';

/** Listen's quality figures, one document per UTC day (quality-counts.ts; rebuilt for old data by the backfill). */
export const QUALITY_DAYS = 'recording_quality_daily';

/**
 * One UTC day of Listen's quality figures (quality-counts.ts): the recordings votes decided that day, the votes
 * cast on them and those that agreed with the decision, and the day's report reasons.
 */
export interface RecordingQualityDayDoc {
  /** The day's UTC midnight. */
  _id: Date;
  decided?: number;
  approved?: number;
  rejected?: number;
  votes?: number;
  agreeing?: number;
  reasons?: Partial<Record<string, number>>;
}

export const qualityDays = (db: Db) => db.collection<RecordingQualityDayDoc>(QUALITY_DAYS);

/** What the analytics screens read of the speech service, built once per app (stores.ts). */
export function analyticsStore(db: Db) {
  return {
    languageDistribution: () => languageDistribution(db),
    recordingQuality: (period: ChartPeriod, now: Date) => recordingQuality(db, period, now),
  };
}
