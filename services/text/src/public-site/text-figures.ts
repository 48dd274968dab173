import type { Db, Document } from 'mongodb';
import {
  ACTIVE_CONTRIBUTOR_DAYS,
  LANGUAGE_CODES,
  type ActivityKind,
  type LanguageCode,
  type TextFigures,
} from '@platform/contracts';
import { ACTIVITY_COLLECTION, ALL_PEOPLE, utcDay, type CollectionIndexes } from '@platform/service-kit';
import { SENTENCES } from '../sentences/store';
import { TEXT_PAIRS } from '../text-pairs/store';

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
 * The recent contributors' read: each kind's days from the window's first on (equality, then range), so it reads
 * the last month's counts only, whatever the history (the kind_user_language_day index would read every day).
 */
export const PUBLIC_SITE_INDEXES: CollectionIndexes[] = [
  {
    collection: ACTIVITY_COLLECTION,
    indexes: [{ key: { kind: 1, day: 1, userId: 1 }, name: 'kind_day_user' }],
  },
];

/**
 * How many documents match, by the count command: answered from the index alone where the server can (MongoDB's
 * COUNT_SCAN), and on the embedded server about twice as fast as countDocuments' pipeline.
 */
async function count(db: Db, collection: string, query: Document): Promise<number> {
  const reply = await db.command({ count: collection, query });
  return Number(reply.n);
}

/**
 * The text side of the public figures. Every figure is a count in the database through an index: sentences per
 * language (language_key_unique) and approved per language (review_queue_language), pairs approved
 * (status_id), and the distinct people with text activity in the window (kind_day_user, not the ALL_PEOPLE rows).
 */
export async function textFigures(db: Db, now: Date): Promise<TextFigures> {
  const sentenceCounts = Promise.all(
    LANGUAGE_CODES.map(async (language) => {
      const [stored, approved] = await Promise.all([
        count(db, SENTENCES, { language }),
        count(db, SENTENCES, { status: 'validated', language }),
      ]);
      return { language, stored, approved };
    }),
  );
  const [perLanguage, pairsApproved, pairsStored, contributors] = await Promise.all([
    sentenceCounts,
    count(db, TEXT_PAIRS, { status: 'validated' }),
    count(db, TEXT_PAIRS, {}),
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
