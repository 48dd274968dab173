import type { Db, Document } from 'mongodb';
import {
  LANGUAGE_CODES,
  SENTENCE_STATUSES,
  type LanguageCode,
  type SentenceStatus,
} from '@platform/contracts';
import { activePeopleSince } from '@platform/service-kit';
import { SENTENCES } from '../sentences/store';
import { TEXT_PAIRS } from '../text-pairs/store';

/**
 * A count the figures ask for: a collection and a pipeline whose `$match` is on an index's prefix and whose
 * `$group` counts per value of the index's next field, so the server counts index entries (or adds up the
 * counters it keeps per value of an index's leading field) and reads no document (MongoDB's COUNT_SCAN).
 */
export interface FigureCount {
  collection: string;
  pipeline: Document[];
}

/** Per value of `field`, after `match`. */
const countsBy = (field: string, match: Document = {}): Document[] => [
  { $match: match },
  { $group: { _id: `$${field}`, n: { $sum: 1 } } },
];

/** Sentences per status: the (status, …) indexes' leading-field counters. */
const SENTENCES_PER_STATUS: FigureCount = { collection: SENTENCES, pipeline: countsBy('status') };
/** Sentences per language: language_key_unique's leading-field counters. */
const SENTENCES_PER_LANGUAGE: FigureCount = { collection: SENTENCES, pipeline: countsBy('language') };
/** Sentences of one status per language: review_queue_language_author's (status, language) entries. */
const perLanguageOf = (status: SentenceStatus): FigureCount => ({
  collection: SENTENCES,
  pipeline: countsBy('language', { status }),
});
/** Approved text pairs: status_id's leading-field counter. */
const PAIRS_PER_STATUS: FigureCount = { collection: TEXT_PAIRS, pipeline: countsBy('status') };

/** Every count the text figures may ask for, so a test can check each is answered from an index. */
export const FIGURE_COUNTS: readonly FigureCount[] = [
  SENTENCES_PER_STATUS,
  SENTENCES_PER_LANGUAGE,
  ...SENTENCE_STATUSES.map(perLanguageOf),
  PAIRS_PER_STATUS,
];

async function counts(db: Db, { collection, pipeline }: FigureCount): Promise<Map<string, number>> {
  const rows = await db.collection(collection).aggregate<{ _id: string; n: number }>(pipeline).toArray();
  return new Map(rows.map((r) => [r._id, r.n]));
}

const OTHER_STATUSES = SENTENCE_STATUSES.filter((s) => s !== 'validated');

export interface SentenceCounts {
  language: LanguageCode;
  stored: number;
  approved: number;
}

/** The queries of the public figures (public-site/text-figures.ts puts them together). */
export function publicSiteStore(db: Db) {
  return {
    /**
     * Stored and approved sentences per language, each an indexed count. The stored ones read one counter per
     * language; approved ones walk the (status, language) entries, so they are counted directly only when
     * validated sentences are the fewer, and otherwise as the stored ones less the pending and rejected ones
     * (every sentence has one of the three statuses): the walk covers at most half of the sentences.
     */
    async sentencesPerLanguage(): Promise<SentenceCounts[]> {
      const [perStatus, stored] = await Promise.all([
        counts(db, SENTENCES_PER_STATUS),
        counts(db, SENTENCES_PER_LANGUAGE),
      ]);
      const others = OTHER_STATUSES.reduce((n, s) => n + (perStatus.get(s) ?? 0), 0);
      const storedOf = (language: LanguageCode) => stored.get(language) ?? 0;
      if ((perStatus.get('validated') ?? 0) <= others) {
        const approved = await counts(db, perLanguageOf('validated'));
        return LANGUAGE_CODES.map((language) => ({
          language,
          stored: storedOf(language),
          approved: approved.get(language) ?? 0,
        }));
      }
      const rest = await Promise.all(OTHER_STATUSES.map((status) => counts(db, perLanguageOf(status))));
      return LANGUAGE_CODES.map((language) => ({
        language,
        stored: storedOf(language),
        approved: storedOf(language) - rest.reduce((n, r) => n + (r.get(language) ?? 0), 0),
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
