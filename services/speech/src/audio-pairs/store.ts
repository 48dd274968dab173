import { ObjectId, type Collection, type Db, type Filter } from 'mongodb';
import {
  AUDIO_PAIR_STATUSES,
  DIALECTS,
  type AudioPairStatus,
  type Dialect,
  type TextCategory,
} from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';

/** Donate's audio pairs. */
export const AUDIO_PAIRS = 'audio_pairs';
/** Running counts, each a document `{ _id: name, n }` moved by `$inc` beside the write it counts. */
export const COUNTERS = 'counters';

/** One donated pair of recordings: the English and the Yoruba side of one text pair, by one person. */
export interface AudioPairDoc {
  /** The audio_id; also names the files (`audio/pairs/<audio_id>-source.wav`). */
  _id: ObjectId;
  textId: string;
  /** The texts as they read when spoken. */
  sourceText: string;
  targetText: string;
  category: TextCategory;
  dialect: Dialect;
  donorId: string;
  sourceFileId: ObjectId;
  targetFileId: ObjectId;
  sourceBytes: number;
  targetBytes: number;
  sourceDurationMs: number;
  targetDurationMs: number;
  status: AudioPairStatus;
  decision?: { byId: string; at: Date; reason?: string };
  createdAt: Date;
}

/** A running count. */
export interface CounterDoc {
  _id: string;
  n: number;
}

export const AUDIO_PAIR_INDEXES: CollectionIndexes[] = [
  {
    collection: AUDIO_PAIRS,
    indexes: [
      // One donation per person and text pair, under any concurrency.
      { key: { donorId: 1, textId: 1 }, name: 'donor_text_unique', unique: true },
      // A contributor's own pairs in View Audio Pairs, newest first, with each filter combination (these
      // also serve Donate's exclusions and 'Contribution N', and the stats: donations, approved ones).
      { key: { donorId: 1, _id: -1 }, name: 'donor_newest' },
      { key: { donorId: 1, status: 1, dialect: 1, _id: -1 }, name: 'donor_status_dialect_newest' },
      { key: { donorId: 1, dialect: 1, _id: -1 }, name: 'donor_dialect_newest' },
      // View Audio Pairs for reviewers: by status, by dialect, by both; newest first (_id is time-ordered).
      { key: { status: 1, _id: -1 }, name: 'status_newest' },
      { key: { dialect: 1, _id: -1 }, name: 'dialect_newest' },
      { key: { status: 1, dialect: 1, _id: -1 }, name: 'status_dialect_newest' },
      // The storage quota's sums of a person's audio, read from the index's keys alone.
      { key: { donorId: 1, sourceBytes: 1, targetBytes: 1 }, name: 'donor_bytes' },
      // Erasure: the donations a person decided as a reviewer.
      { key: { 'decision.byId': 1 }, name: 'decided_by', sparse: true },
    ],
  },
];

/**
 * Running counts, so that View Audio Pairs' totals and Donate's 'of M' never count documents one by one:
 * audio pairs per (status, dialect), twelve counters whose sums answer every filter, and the approved text
 * pairs. Each moves by `$inc` beside the write it counts.
 */
export const APPROVED_TEXT_PAIRS = 'text_pairs:approved';
const pairKey = (status: AudioPairStatus, dialect: Dialect) => `audio_pairs:${status}:${dialect}`;
const donorKey = (donorId: string) => `donations:${donorId}`;

/** Audio pairs with a status and/or a dialect (either may be absent: all of them), from the running counts. */
export async function audioPairTotal(
  col: { counters: Collection<CounterDoc> },
  status?: AudioPairStatus,
  dialect?: Dialect,
) {
  const keys = AUDIO_PAIR_STATUSES.filter((s) => !status || s === status).flatMap((s) =>
    DIALECTS.filter((d) => !dialect || d === dialect).map((d) => pairKey(s, d)),
  );
  const docs = await col.counters.find({ _id: { $in: keys } }).toArray();
  return docs.reduce((sum, d) => sum + Math.max(0, d.n), 0);
}

/** An audio pair id is ObjectId hex (either case); anything else names no pair. */
const pairId = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** Which pairs a list shows: a person's own (donorId) or everyone's, by status and dialect. */
export interface AudioPairFilter {
  donorId?: string;
  status?: AudioPairStatus;
  dialect?: Dialect;
}

/** Donate's audio pairs and the running counts beside them. */
export function audioPairStore(db: Db) {
  const audioPairs = db.collection<AudioPairDoc>(AUDIO_PAIRS);
  const counters = db.collection<CounterDoc>(COUNTERS);

  const countAudioPair = async (status: AudioPairStatus, dialect: Dialect, by: number) => {
    await counters.updateOne({ _id: pairKey(status, dialect) }, { $inc: { n: by } }, { upsert: true });
  };

  /** One more donation by this person; a count not kept yet starts from their documents (this one included). */
  const countDonation = async (donorId: string) => {
    const moved = await counters.updateOne({ _id: donorKey(donorId) }, { $inc: { n: 1 } });
    if (moved.matchedCount === 1) return;
    const n = await audioPairs.countDocuments({ donorId });
    await counters.updateOne({ _id: donorKey(donorId) }, { $max: { n } }, { upsert: true });
  };

  const filterOf = (f: AudioPairFilter): Filter<AudioPairDoc> => ({
    ...(f.donorId ? { donorId: f.donorId } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.dialect ? { dialect: f.dialect } : {}),
  });

  return {
    /** One page of pairs, newest first. */
    page: (filter: AudioPairFilter, page: number, pageSize: number) =>
      audioPairs
        .find(filterOf(filter))
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),

    /**
     * How many pairs a list holds: everyone's from the running counts (no scan), a person's own from their
     * few documents.
     */
    total: (filter: AudioPairFilter) =>
      filter.donorId
        ? audioPairs.countDocuments(filterOf(filter))
        : audioPairTotal({ counters }, filter.status, filter.dialect),

    /**
     * A reviewer's decision on a pending pair, atomic: of two reviewers deciding at once, one wins; the
     * donor's own pair never matches. Answers the pair as decided, or null when nothing was decided.
     */
    async decide(
      id: string,
      decision: { reviewerId: string; status: AudioPairStatus; reason?: string; at: Date },
    ): Promise<AudioPairDoc | null> {
      const _id = pairId(id);
      if (!_id) return null;
      const { reviewerId, reason, at } = decision;
      const decided = await audioPairs.findOneAndUpdate(
        { _id, status: 'pending', donorId: { $ne: reviewerId } },
        {
          $set: {
            status: decision.status,
            decision: { byId: reviewerId, at, ...(reason ? { reason } : {}) },
          },
        },
        { returnDocument: 'after' },
      );
      if (decided) {
        await Promise.all([
          countAudioPair('pending', decided.dialect, -1),
          countAudioPair(decided.status, decided.dialect, 1),
        ]);
      }
      return decided;
    },

    /** Who donated the pair `id` names, with its two files; null when it names none. */
    async filesOf(id: string) {
      const _id = pairId(id);
      if (!_id) return null;
      return audioPairs.findOne(
        { _id },
        { projection: { donorId: 1, sourceFileId: 1, targetFileId: 1 } },
      ) as Promise<Pick<AudioPairDoc, '_id' | 'donorId' | 'sourceFileId' | 'targetFileId'> | null>;
    },

    async donated(donorId: string, textId: string): Promise<boolean> {
      return !!(await audioPairs.findOne({ donorId, textId }, { projection: { _id: 1 } }));
    },

    /** Of these text pairs, the ones this person donated (point look-ups on the unique index). */
    async donatedAmong(donorId: string, textIds: string[]): Promise<string[]> {
      const found = await audioPairs
        .find({ donorId, textId: { $in: textIds } })
        .project<{ textId: string }>({ _id: 0, textId: 1 })
        .toArray();
      return found.map((p) => p.textId);
    },

    /**
     * Stores a donation and counts it (pending pairs of its dialect, the donor's running count). The unique
     * (donor, text pair) index refuses a second donation of one pair with a duplicate key error.
     */
    async insert(doc: AudioPairDoc): Promise<void> {
      await audioPairs.insertOne(doc);
      await Promise.all([countAudioPair(doc.status, doc.dialect, 1), countDonation(doc.donorId)]);
    },

    countAudioPair,

    countDonation,

    async approvedTextPairTotal(): Promise<number> {
      return Math.max(0, (await counters.findOne({ _id: APPROVED_TEXT_PAIRS }))?.n ?? 0);
    },

    async countApprovedTextPairs(by: number): Promise<void> {
      if (by === 0) return;
      await counters.updateOne({ _id: APPROVED_TEXT_PAIRS }, { $inc: { n: by } }, { upsert: true });
    },

    /**
     * Sets every counter from the data itself (one pass over the pairs; `approvedTextPairs` counts the
     * others). Run at start when no counter exists yet, i.e. on data stored before the counters were kept.
     */
    async recountIfMissing(approvedTextPairs: () => Promise<number>): Promise<void> {
      if (await counters.findOne({})) return;
      const pairs = await audioPairs
        .aggregate<{ _id: { status: AudioPairStatus; dialect: Dialect }; n: number }>([
          { $group: { _id: { status: '$status', dialect: '$dialect' }, n: { $sum: 1 } } },
        ])
        .toArray();
      const approved = await approvedTextPairs();
      const ops = [
        ...pairs.map((p) => ({ _id: pairKey(p._id.status, p._id.dialect), n: p.n })),
        { _id: APPROVED_TEXT_PAIRS, n: approved },
      ];
      for (const op of ops) {
        await counters.updateOne({ _id: op._id }, { $setOnInsert: { n: op.n } }, { upsert: true });
      }
    },

    /** This person's donations ('Contribution N'): their running count, or their documents counted once. */
    async donorDonations(donorId: string): Promise<number> {
      const counter = await counters.findOne({ _id: donorKey(donorId) });
      return counter ? counter.n : audioPairs.countDocuments({ donorId });
    },

    /** A person's own figures on Donate. */
    async figuresOf(donorId: string) {
      const [submitted, approved] = await Promise.all([
        audioPairs.countDocuments({ donorId }),
        audioPairs.countDocuments({ donorId, status: 'approved' }),
      ]);
      return { submitted, approved };
    },

    /** The bytes this person's donations take (the `donor_bytes` index holds every field read). */
    async bytesOf(donorId: string): Promise<number> {
      const [row] = await audioPairs
        .aggregate<{ bytes: number }>([
          { $match: { donorId } },
          { $group: { _id: null, bytes: { $sum: { $add: ['$sourceBytes', '$targetBytes'] } } } },
        ])
        .toArray();
      return row?.bytes ?? 0;
    },

    count: (filter: Filter<AudioPairDoc>) => audioPairs.countDocuments(filter),

    /** The pairs matching `filter`, by id. */
    inIdOrder: (filter: Filter<AudioPairDoc>) => audioPairs.find(filter).sort({ _id: 1 }).toArray(),

    /** The audio files of the pairs donated under any of these ids. */
    async audioFilesOf(donorIds: string[]): Promise<ObjectId[]> {
      const found = await audioPairs
        .find({ donorId: { $in: donorIds } }, { projection: { sourceFileId: 1, targetFileId: 1 } })
        .toArray();
      return found.flatMap((p) => [p.sourceFileId, p.targetFileId]);
    },

    /** A deleted account: their running count of donations ('Contribution N') goes. */
    async forget(userId: string): Promise<void> {
      await counters.deleteOne({ _id: donorKey(userId) });
    },

    /** Their donations and review decisions stay under `pseudonym`. */
    async pseudonymise(userId: string, pseudonym: string): Promise<void> {
      await Promise.all([
        audioPairs.updateMany({ donorId: userId }, { $set: { donorId: pseudonym } }),
        audioPairs.updateMany({ 'decision.byId': userId }, { $set: { 'decision.byId': pseudonym } }),
      ]);
    },
  };
}

export type AudioPairStore = ReturnType<typeof audioPairStore>;

/** The id of a donation about to be stored; it also names its files, so it is made before they are stored. */
export const newAudioPairId = () => new ObjectId();
