import type { Db } from 'mongodb';
import {
  ACTIVE_CONTRIBUTOR_DAYS,
  LANGUAGE_CODES,
  type ActivityKind,
  type LanguageCode,
  type TextFigures,
} from '@platform/contracts';
import { ACTIVITY_COLLECTION, ALL_PEOPLE, utcDay, type CollectionIndexes } from '@platform/service-kit';
import { sentences } from '../sentences/sentence-store';
import { textPairs } from '../text-pairs/pair-store';

/** Text pairs are English–Yoruba: an approved pair counts on both of these rows, and on no other. */
export const PAIR_SIDES: readonly LanguageCode[] = ['en', 'yo'];

/** What makes a person an active text contributor: writing sentences, adding pairs, reviewing (not skips). */
export const TEXT_CONTRIBUTION_KINDS: readonly ActivityKind[] = [
  'sentences.written',
  'pairs.added',
  'reviews.given',
];

const DAY_MS = 86_400_000;

/**
 * The first day of the active-contributor window: like every activity sum, a day counts when any of it falls in
 * the last ACTIVE_CONTRIBUTOR_DAYS up to `now`.
 */
export const activeSince = (now: Date): Date =>
  utcDay(new Date(now.getTime() - ACTIVE_CONTRIBUTOR_DAYS * DAY_MS));

/**
 * The recent contributors' read: the days of the window first, so it reads only the last month's counts (and,
 * every field being in the key, none of the documents).
 */
export const PUBLIC_SITE_INDEXES: CollectionIndexes[] = [
  {
    collection: ACTIVITY_COLLECTION,
    indexes: [{ key: { day: 1, kind: 1, userId: 1 }, name: 'day_kind_user' }],
  },
];

/**
 * The text side of the public figures. Every figure is a count in the database through an index: sentences per
 * language (language_key_unique) and approved per language (review_queue_language), pairs approved
 * (status_id), and the distinct people with text activity in the window (day_kind_user, not the ALL_PEOPLE rows).
 */
export async function textFigures(db: Db, now: Date): Promise<TextFigures> {
  const sentenceCounts = Promise.all(
    LANGUAGE_CODES.map(async (language) => {
      const [stored, approved] = await Promise.all([
        sentences(db).countDocuments({ language }),
        sentences(db).countDocuments({ status: 'validated', language }),
      ]);
      return { language, stored, approved };
    }),
  );
  const [perLanguage, pairsApproved, pairsStored, contributors] = await Promise.all([
    sentenceCounts,
    textPairs(db).countDocuments({ status: 'validated' }),
    textPairs(db).countDocuments({}),
    db
      .collection(ACTIVITY_COLLECTION)
      .aggregate<{ _id: string }>([
        {
          $match: {
            day: { $gte: activeSince(now) },
            kind: { $in: [...TEXT_CONTRIBUTION_KINDS] },
            userId: { $ne: ALL_PEOPLE },
            count: { $gt: 0 },
          },
        },
        { $group: { _id: '$userId' } },
        { $sort: { _id: 1 } },
      ])
      .toArray(),
  ]);
  return {
    languages: perLanguage.map(({ language, stored, approved }) => ({
      language,
      sentencesStored: stored,
      sentencesApproved: approved,
      textPairsApproved: PAIR_SIDES.includes(language) ? pairsApproved : 0,
    })),
    textPairsStored: pairsStored,
    activeContributors: contributors.map((c) => c._id),
  };
}
