import { ACTIVE_CONTRIBUTOR_DAYS, type LanguageCode, type TextFigures } from '@platform/contracts';
import { utcDay } from '@platform/service-kit';
import type { PublicSiteStore } from './store';

/** Text pairs are English–Yoruba: an approved pair counts on both of these rows, and on no other. */
export const PAIR_SIDES: readonly LanguageCode[] = ['en', 'yo'];

const DAY_MS = 86_400_000;

/**
 * The first day of the active-contributor window: like every activity sum, a day counts when any of it falls in
 * the last ACTIVE_CONTRIBUTOR_DAYS up to `now`.
 */
export const activeSince = (now: Date): Date =>
  utcDay(new Date(now.getTime() - ACTIVE_CONTRIBUTOR_DAYS * DAY_MS));

/**
 * The text side of the public figures, every one asked of the database at each call: sentences stored and
 * approved per language and pairs approved and stored are indexed counts (public-site/store.ts), the people
 * who wrote, added pairs or reviewed (not skips) in the window come from the days' active people (one document
 * per day, service-kit's activity counts).
 */
export async function textFigures(store: PublicSiteStore, now: Date): Promise<TextFigures> {
  const [perLanguage, pairs, contributors] = await Promise.all([
    store.sentencesPerLanguage(),
    store.pairCounts(),
    store.activePeople(activeSince(now)),
  ]);
  return {
    languages: perLanguage.map(({ language, stored, approved }) => ({
      language,
      sentencesStored: stored,
      sentencesApproved: approved,
      textPairsApproved: PAIR_SIDES.includes(language) ? pairs.approved : 0,
    })),
    textPairsStored: pairs.stored,
    activeContributors: contributors,
  };
}
