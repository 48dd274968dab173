import type { Db } from 'mongodb';
import {
  ACTIVE_CONTRIBUTOR_DAYS,
  LANGUAGES,
  type ActivityKind,
  type LanguageCode,
  type SpeechFigures,
} from '@platform/contracts';
import { activityCollection, ALL_PEOPLE, utcDay } from '@platform/service-kit';
import { audioPairTotal } from '../audio-pairs/counts';
import { collections } from '../collections';

const DAY_MS = 86_400_000;
const SECONDS_PER_HOUR = 3600;

/** What makes a person an active speech contributor: they recorded, voted or donated. */
export const ACTIVE_KINDS: readonly ActivityKind[] = [
  'recordings.submitted',
  'votes.given',
  'donations.submitted',
];

/**
 * The first UTC day counted as recent: the day ACTIVE_CONTRIBUTOR_DAYS days before `now`, and every day since
 * (activity is counted per UTC day, so the window is whole days).
 */
export const activeSince = (now: Date): Date =>
  utcDay(new Date(now.getTime() - ACTIVE_CONTRIBUTOR_DAYS * DAY_MS));

interface LanguageRow {
  _id: LanguageCode;
  recordings: number;
  seconds: number;
  validatedSeconds: number;
  validated: number;
  rejected: number;
  speakers: number;
}

/**
 * The speech side of the public figures, every sum computed by MongoDB:
 * - per language, the recordings stored (any state), their hours, the validated ones' hours and the distinct
 *   speakers: one pass over the recordings index `language_speaker_status_duration` (grouped per speaker, then
 *   per language), which holds every field read;
 * - the donations, from the running audio pair counts;
 * - the people who recorded, voted or donated since `activeSince(now)`, from the daily activity counts (one
 *   document per person, kind, language and day; the ALL_PEOPLE rows left out).
 */
export async function speechFigures(db: Db, now: Date): Promise<SpeechFigures> {
  const col = collections(db);
  const codes = LANGUAGES.map((l) => l.code);
  const [rows, donations, active] = await Promise.all([
    col.recordings
      .aggregate<LanguageRow>([
        { $match: { language: { $in: codes } } },
        { $sort: { language: 1, speakerId: 1 } },
        {
          $group: {
            _id: { language: '$language', speakerId: '$speakerId' },
            recordings: { $sum: 1 },
            seconds: { $sum: '$durationSeconds' },
            validatedSeconds: {
              $sum: { $cond: [{ $eq: ['$status', 'validated'] }, '$durationSeconds', 0] },
            },
            validated: { $sum: { $cond: [{ $eq: ['$status', 'validated'] }, 1, 0] } },
            rejected: { $sum: { $cond: [{ $eq: ['$status', 'invalidated'] }, 1, 0] } },
          },
        },
        {
          $group: {
            _id: '$_id.language',
            recordings: { $sum: '$recordings' },
            seconds: { $sum: '$seconds' },
            validatedSeconds: { $sum: '$validatedSeconds' },
            validated: { $sum: '$validated' },
            rejected: { $sum: '$rejected' },
            speakers: { $sum: 1 },
          },
        },
      ])
      .toArray(),
    audioPairTotal(col),
    activityCollection(db, 'day')
      .aggregate<{ _id: string }>([
        {
          $match: {
            kind: { $in: [...ACTIVE_KINDS] },
            userId: { $ne: ALL_PEOPLE },
            day: { $gte: activeSince(now) },
            count: { $gt: 0 },
          },
        },
        { $group: { _id: '$userId' } },
        { $sort: { _id: 1 } },
      ])
      .toArray(),
  ]);
  const byLanguage = new Map(rows.map((r) => [r._id, r]));
  const hours = (seconds: number) => Math.max(0, seconds) / SECONDS_PER_HOUR;
  return {
    languages: codes.map((language) => {
      const r = byLanguage.get(language);
      return {
        language,
        recordings: r?.recordings ?? 0,
        hoursRecorded: hours(r?.seconds ?? 0),
        hoursValidated: hours(r?.validatedSeconds ?? 0),
        speakers: r?.speakers ?? 0,
      };
    }),
    donations: donations,
    recordingsValidated: rows.reduce((n, r) => n + r.validated, 0),
    recordingsRejected: rows.reduce((n, r) => n + r.rejected, 0),
    activeContributors: active.map((a) => a._id),
  };
}
