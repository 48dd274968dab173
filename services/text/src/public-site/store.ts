import type { Db, Document } from 'mongodb';
import { LANGUAGE_CODES, type LanguageCode } from '@platform/contracts';
import { activePeopleSince } from '@platform/service-kit';
import { SENTENCES } from '../sentences/store';
import { TEXT_PAIRS } from '../text-pairs/store';

/**
 * A count the figures ask for: a collection and a pipeline whose `$match` is answered by an index (with `hint`,
 * the index named) and whose `$group` counts per value of the index's leading field, so the server adds up the
 * counters it keeps per value of an index's leading field and reads neither documents nor entries (MongoDB's
 * COUNT_SCAN, one key examined per value).
 */
export interface FigureCount {
  collection: string;
  pipeline: Document[];
  hint?: string;
}

/** The partial index of approved sentences by language (review/indexes.ts): its counters are the figures. */
export const APPROVED_PER_LANGUAGE_INDEX = 'language_validated';

/** Per value of `field`, after `match`. */
const countsBy = (field: string, match: Document = {}): Document[] => [
  { $match: match },
  { $group: { _id: `$${field}`, n: { $sum: 1 } } },
];

/** Sentences per language: language_key_unique's leading-field counters. */
const SENTENCES_PER_LANGUAGE: FigureCount = { collection: SENTENCES, pipeline: countsBy('language') };
/** Approved sentences per language: the partial index of approved sentences' leading-field counters. */
const APPROVED_PER_LANGUAGE: FigureCount = {
  collection: SENTENCES,
  pipeline: countsBy('language', { status: 'validated' }),
  hint: APPROVED_PER_LANGUAGE_INDEX,
};
/** Text pairs per status: status_id's leading-field counters. */
const PAIRS_PER_STATUS: FigureCount = { collection: TEXT_PAIRS, pipeline: countsBy('status') };

/** Every count the text figures ask for, so a test can check each is answered from an index's counters. */
export const FIGURE_COUNTS: readonly FigureCount[] = [
  SENTENCES_PER_LANGUAGE,
  APPROVED_PER_LANGUAGE,
  PAIRS_PER_STATUS,
];

async function counts(db: Db, { collection, pipeline, hint }: FigureCount): Promise<Map<string, number>> {
  const rows = await db
    .collection(collection)
    .aggregate<{ _id: string; n: number }>(pipeline, hint ? { hint } : {})
    .toArray();
  return new Map(rows.map((r) => [r._id, r.n]));
}

export interface SentenceCounts {
  language: LanguageCode;
  stored: number;
  approved: number;
}

/** The queries of the public figures (public-site/text-figures.ts puts them together). */
export function publicSiteStore(db: Db) {
  return {
    /** Stored and approved sentences per language: five counters each, whatever the number of sentences. */
    async sentencesPerLanguage(): Promise<SentenceCounts[]> {
      const [stored, approved] = await Promise.all([
        counts(db, SENTENCES_PER_LANGUAGE),
        counts(db, APPROVED_PER_LANGUAGE),
      ]);
      return LANGUAGE_CODES.map((language) => ({
        language,
        stored: stored.get(language) ?? 0,
        approved: approved.get(language) ?? 0,
      }));
    },

    /** Approved text pairs and every stored pair (every pair has a status). */
    async pairCounts(): Promise<{ approved: number; stored: number }> {
      const perStatus = await counts(db, PAIRS_PER_STATUS);
      return {
        approved: perStatus.get('validated') ?? 0,
        stored: [...perStatus.values()].reduce((a, b) => a + b, 0),
      };
    },

    /** The people who wrote, added pairs or reviewed on `since`'s day or later: one document read per day. */
    activePeople: (since: Date) => activePeopleSince(db, since),
  };
}

export type PublicSiteStore = ReturnType<typeof publicSiteStore>;
