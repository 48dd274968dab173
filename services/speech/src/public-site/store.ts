import type { Db, Document } from 'mongodb';
import { LANGUAGES, type LanguageCode } from '@platform/contracts';
import {
  ACTIVITY_TOTALS_COLLECTION,
  activePeopleSince,
  activityCollection,
  ALL_PEOPLE,
  peopleWithActivity,
  type CollectionIndexes,
} from '@platform/service-kit';
import { AUDIO_PAIRS, COUNTERS, type CounterDoc } from '../audio-pairs/store';
import { DC, type ReleaseDoc } from '../datasets/store';
import { RECORDINGS, type RecordingDoc } from '../recordings/store';

export type { RecordingDoc, ReleaseDoc };

/** What the public pages read: recordings and published releases (the demo), the running counts (figures). */
export const publicSiteCollections = (db: Db) => ({
  recordings: db.collection<RecordingDoc>(RECORDINGS),
  releases: db.collection<ReleaseDoc>(DC.releases),
  counters: db.collection<CounterDoc>(COUNTERS),
});

/** The public figures' recordings per language: the leading field's counters, one read per language. */
export const PUBLIC_SITE_INDEXES: CollectionIndexes[] = [
  { collection: RECORDINGS, indexes: [{ key: { language: 1 }, name: 'language' }] },
];

/** One count the figures ask for: a collection and a filter that an index's prefix answers. */
export interface FigureCount {
  collection: string;
  query: Document;
}

const CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

/** Every count the speech figures ask for, so a test can check each is answered from an index. */
export const FIGURE_COUNTS: readonly FigureCount[] = [
  // The language index's counters.
  ...CODES.map((language) => ({ collection: RECORDINGS, query: { language } })),
  // validate_queue_speaker's leading field.
  { collection: RECORDINGS, query: { status: 'validated' } },
  { collection: RECORDINGS, query: { status: 'invalidated' } },
  // The collection's own count.
  { collection: AUDIO_PAIRS, query: {} },
  // The people who recorded in each language: the activity totals' (kind, language, count) entries.
  ...CODES.map((language) => ({
    collection: ACTIVITY_TOTALS_COLLECTION,
    query: { kind: 'recordings.submitted', language, count: { $gt: 0 } },
  })),
];

/**
 * The count command: with a filter on an index's prefix the server counts index entries, or adds up the
 * counters it keeps per value of an index's leading field, and reads no document (MongoDB's COUNT_SCAN).
 */
async function count(db: Db, collection: string, query: Document): Promise<number> {
  const reply = await db.command({ count: collection, query });
  return Number(reply.n);
}

const HOURS_KINDS = ['recordings.submitted', 'recordings.validated'] as const;
export type HoursKind = (typeof HOURS_KINDS)[number];

/** The queries of the public figures (public-site/figures.ts puts them together). */
export function publicSiteStore(db: Db) {
  return {
    /**
     * Recordings stored per language (any state), and the people who recorded in it: the people with a
     * lifetime count of recordings there (service-kit's activity totals, an indexed count too).
     */
    async perLanguage(): Promise<{ language: LanguageCode; recordings: number; speakers: number }[]> {
      const [stored, speakers] = await Promise.all([
        Promise.all(CODES.map((language) => count(db, RECORDINGS, { language }))),
        peopleWithActivity(db, 'recordings.submitted', CODES),
      ]);
      return CODES.map((language, i) => ({
        language,
        recordings: stored[i] ?? 0,
        speakers: speakers.get(language) ?? 0,
      }));
    },

    /** Recordings votes validated and rejected (validate_queue_speaker's status counters). */
    async decided(): Promise<{ validated: number; rejected: number }> {
      const [validated, rejected] = await Promise.all([
        count(db, RECORDINGS, { status: 'validated' }),
        count(db, RECORDINGS, { status: 'invalidated' }),
      ]);
      return { validated, rejected };
    },

    /** Every voice donation stored (the collection's count). */
    donations: () => count(db, AUDIO_PAIRS, {}),

    /**
     * Seconds of audio recorded and validated per language: a sum, not a count, so it comes from everyone's
     * monthly activity counts (a few documents per language and month), which add each recording's seconds as
     * it is stored and decided.
     */
    async seconds(): Promise<{ kind: HoursKind; language: LanguageCode; seconds: number }[]> {
      const rows = await activityCollection(db, 'month')
        .aggregate<{ _id: { kind: HoursKind; language: LanguageCode }; seconds: number }>([
          { $match: { kind: { $in: [...HOURS_KINDS] }, userId: ALL_PEOPLE } },
          { $group: { _id: { kind: '$kind', language: '$language' }, seconds: { $sum: '$seconds' } } },
        ])
        .toArray();
      return rows.map((r) => ({ ...r._id, seconds: r.seconds }));
    },

    /** The people who recorded, voted or donated on `since`'s day or later: one document read per day. */
    activePeople: (since: Date) => activePeopleSince(db, since),
  };
}

export type PublicSiteStore = ReturnType<typeof publicSiteStore>;
