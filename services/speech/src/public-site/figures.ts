import type { Db } from 'mongodb';
import {
  ACTIVE_CONTRIBUTOR_DAYS,
  LANGUAGES,
  type ActivityKind,
  type LanguageCode,
  type SpeechFigures,
} from '@platform/contracts';
import { activityCollection, ALL_PEOPLE, utcDay } from '@platform/service-kit';
import { audioPairTotal } from '../audio-pairs/store';
import { publicSiteCollections } from './store';

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

const RECORDING_KINDS = ['recordings.submitted', 'recordings.validated', 'recordings.rejected'] as const;
type RecordingKind = (typeof RECORDING_KINDS)[number];

interface TotalRow {
  _id: { kind: RecordingKind; language: LanguageCode };
  count: number;
  seconds: number;
}

/**
 * The speech side of the public figures, every sum computed by MongoDB from the activity counts (one document
 * per kind, person, language and day or month, kept as each recording is stored and decided; data from before
 * they were kept is counted by the activity backfill), never from the recordings one by one:
 * - per language, the recordings stored (any state) and their hours, and the validated ones' hours: the
 *   everyone rows of the monthly counts (a few documents per language and month);
 * - per language, the distinct speakers: the people's monthly 'recordings.submitted' rows (one per person,
 *   language and month; the index `kind_user_language_day` holds every field read);
 * - the donations, from the running audio pair counts;
 * - the people who recorded, voted or donated since `activeSince(now)`: the daily counts of those days
 *   (the index `day_kind_user`), the everyone rows left out.
 */
export async function speechFigures(db: Db, now: Date): Promise<SpeechFigures> {
  const col = publicSiteCollections(db);
  const monthly = activityCollection(db, 'month');
  const codes = LANGUAGES.map((l) => l.code);
  const [totals, speakers, donations, active] = await Promise.all([
    monthly
      .aggregate<TotalRow>([
        { $match: { kind: { $in: [...RECORDING_KINDS] }, userId: ALL_PEOPLE } },
        {
          $group: {
            _id: { kind: '$kind', language: '$language' },
            count: { $sum: '$count' },
            seconds: { $sum: '$seconds' },
          },
        },
      ])
      .toArray(),
    monthly
      .aggregate<{ _id: LanguageCode; speakers: number }>([
        { $match: { kind: 'recordings.submitted', userId: { $ne: ALL_PEOPLE } } },
        { $group: { _id: { language: '$language', userId: '$userId' } } },
        { $group: { _id: '$_id.language', speakers: { $sum: 1 } } },
      ])
      .toArray(),
    audioPairTotal(col),
    activityCollection(db, 'day')
      .aggregate<{ _id: string }>([
        {
          $match: {
            day: { $gte: activeSince(now) },
            kind: { $in: [...ACTIVE_KINDS] },
            userId: { $ne: ALL_PEOPLE },
            count: { $gt: 0 },
          },
        },
        { $group: { _id: '$userId' } },
        { $sort: { _id: 1 } },
      ])
      .toArray(),
  ]);
  const total = (kind: RecordingKind, language?: LanguageCode) =>
    totals
      .filter((t) => t._id.kind === kind && (!language || t._id.language === language))
      .reduce((sum, t) => ({ count: sum.count + t.count, seconds: sum.seconds + t.seconds }), {
        count: 0,
        seconds: 0,
      });
  const speakersOf = new Map(speakers.map((s) => [s._id, s.speakers]));
  const hours = (seconds: number) => Math.max(0, seconds) / SECONDS_PER_HOUR;
  return {
    languages: codes.map((language) => {
      const recorded = total('recordings.submitted', language);
      return {
        language,
        recordings: Math.max(0, recorded.count),
        hoursRecorded: hours(recorded.seconds),
        hoursValidated: hours(total('recordings.validated', language).seconds),
        speakers: speakersOf.get(language) ?? 0,
      };
    }),
    donations,
    recordingsValidated: Math.max(0, total('recordings.validated').count),
    recordingsRejected: Math.max(0, total('recordings.rejected').count),
    activeContributors: active.map((a) => a._id),
  };
}
