import type { Db, Document } from 'mongodb';
import {
  LANGUAGE_CODES,
  SENTENCE_STATUSES,
  type ActivityKind,
  type LanguageCode,
  type SentenceStatus,
} from '@platform/contracts';
import { ACTIVITY_COLLECTION, ALL_PEOPLE, type CollectionIndexes } from '@platform/service-kit';
import { SENTENCES } from '../sentences/store';
import { TEXT_PAIRS } from '../text-pairs/store';

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

/** One count the figures ask for: a collection and a filter that an index's prefix answers. */
export interface FigureCount {
  collection: string;
  query: Document;
}

/**
 * The count command: with a filter on an index's prefix the server counts index entries, or adds up the
 * counters it keeps per value of an index's leading field, and reads no document (MongoDB's COUNT_SCAN).
 */
async function count(db: Db, { collection, query }: FigureCount): Promise<number> {
  const reply = await db.command({ count: collection, query });
  return Number(reply.n);
}

const OTHER_STATUSES = SENTENCE_STATUSES.filter((s) => s !== 'validated');

/** Every count the text figures may ask for, so a test can check each is answered from an index. */
export const FIGURE_COUNTS: readonly FigureCount[] = [
  ...SENTENCE_STATUSES.map((status) => ({ collection: SENTENCES, query: { status } })),
  ...LANGUAGE_CODES.flatMap((language) => [
    // language_key_unique: its leading field's counters, one read per language.
    { collection: SENTENCES, query: { language } },
    // review_queue_language_author's (status, language) prefix: its entries, walked inside the storage engine.
    ...SENTENCE_STATUSES.map((status) => ({ collection: SENTENCES, query: { status, language } })),
  ]),
  { collection: TEXT_PAIRS, query: { status: 'validated' } },
  { collection: TEXT_PAIRS, query: {} },
];

export interface SentenceCounts {
  language: LanguageCode;
  stored: number;
  approved: number;
}

/** The queries of the public figures (public-site/text-figures.ts puts them together). */
export function publicSiteStore(db: Db) {
  return {
    /**
     * Stored and approved sentences per language, each an indexed count. A language's stored count reads one
     * counter; an approved count walks the (status, language) entries, so it is counted directly only when
     * validated sentences are the fewer, and otherwise as the stored count less the pending and rejected ones
     * (every sentence has one of the three statuses): the walk covers at most half of the sentences.
     */
    async sentencesPerLanguage(): Promise<SentenceCounts[]> {
      const totals = new Map<SentenceStatus, number>(
        await Promise.all(
          SENTENCE_STATUSES.map(
            async (status) =>
              [status, await count(db, { collection: SENTENCES, query: { status } })] as const,
          ),
        ),
      );
      const others = OTHER_STATUSES.reduce((n, s) => n + (totals.get(s) ?? 0), 0);
      const directly = (totals.get('validated') ?? 0) <= others;
      return Promise.all(
        LANGUAGE_CODES.map(async (language) => {
          const stored = count(db, { collection: SENTENCES, query: { language } });
          const counted = (status: SentenceStatus) =>
            count(db, { collection: SENTENCES, query: { status, language } });
          if (directly) return { language, stored: await stored, approved: await counted('validated') };
          const rest = await Promise.all(OTHER_STATUSES.map(counted));
          const all = await stored;
          return { language, stored: all, approved: all - rest.reduce((a, b) => a + b, 0) };
        }),
      );
    },

    /** Approved text pairs (a counter of status_id's leading field) and every stored pair (the collection's count). */
    async pairCounts(): Promise<{ approved: number; stored: number }> {
      const [approved, stored] = await Promise.all([
        count(db, { collection: TEXT_PAIRS, query: { status: 'validated' } }),
        count(db, { collection: TEXT_PAIRS, query: {} }),
      ]);
      return { approved, stored };
    },

    /**
     * The people with activity of these kinds on `since`'s day or later, from the daily activity counts (not
     * the ALL_PEOPLE rows; a count taken back to zero is no activity), in id order.
     */
    async activePeople(since: Date, kinds: readonly ActivityKind[]): Promise<string[]> {
      const rows = await db
        .collection(ACTIVITY_COLLECTION)
        .aggregate<{ _id: string }>([
          {
            $match: {
              day: { $gte: since },
              kind: { $in: [...kinds] },
              userId: { $ne: ALL_PEOPLE },
              count: { $gt: 0 },
            },
          },
          { $group: { _id: '$userId' } },
          { $sort: { _id: 1 } },
        ])
        .toArray();
      return rows.map((r) => r._id);
    },
  };
}

export type PublicSiteStore = ReturnType<typeof publicSiteStore>;
