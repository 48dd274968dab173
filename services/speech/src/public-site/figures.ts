import { ACTIVE_CONTRIBUTOR_DAYS, type LanguageCode, type SpeechFigures } from '@platform/contracts';
import { utcDay } from '@platform/service-kit';
import type { HoursKind, PublicSiteStore } from './store';

const DAY_MS = 86_400_000;
const SECONDS_PER_HOUR = 3600;

/**
 * The first UTC day counted as recent: the day ACTIVE_CONTRIBUTOR_DAYS days before `now`, and every day since
 * (activity is counted per UTC day, so the window is whole days).
 */
export const activeSince = (now: Date): Date =>
  utcDay(new Date(now.getTime() - ACTIVE_CONTRIBUTOR_DAYS * DAY_MS));

/**
 * The speech side of the public figures, every one asked of the database at each call:
 * - per language, the recordings stored (any state) and the people who recorded, and overall the recordings
 *   validated and rejected and the voice donations: indexed counts (public-site/store.ts), no document read;
 * - per language, the hours recorded and validated: sums of seconds, from everyone's monthly activity counts;
 * - the people who recorded, voted or donated since `activeSince(now)`: the days' active people (one document
 *   per day).
 */
export async function speechFigures(store: PublicSiteStore, now: Date): Promise<SpeechFigures> {
  const [perLanguage, decided, donations, seconds, active] = await Promise.all([
    store.perLanguage(),
    store.decided(),
    store.donations(),
    store.seconds(),
    store.activePeople(activeSince(now)),
  ]);
  const secondsOf = (kind: HoursKind, language: LanguageCode) =>
    seconds.filter((s) => s.kind === kind && s.language === language).reduce((n, s) => n + s.seconds, 0);
  const hours = (value: number) => Math.max(0, value) / SECONDS_PER_HOUR;
  return {
    languages: perLanguage.map(({ language, recordings, speakers }) => ({
      language,
      recordings,
      hoursRecorded: hours(secondsOf('recordings.submitted', language)),
      hoursValidated: hours(secondsOf('recordings.validated', language)),
      speakers,
    })),
    donations,
    recordingsValidated: decided.validated,
    recordingsRejected: decided.rejected,
    activeContributors: active,
  };
}
