import type { Collection, Db, Filter, ObjectId } from 'mongodb';
import type {
  SentenceStatus,
  TextCategory,
  TextPair,
  TextPairChange,
  TextPairReportReason,
} from '@platform/contracts';
import { HttpError, isDuplicateKey, recordActivity, type CollectionIndexes } from '@platform/service-kit';
import { addedEvents } from '../activity/text-activity';
import { authoredByStatus } from '../people/authored';
import { renameReviewerOn, type ReviewedItems } from '../people/reviewed-items';
import { objectIdOrNull } from '../workspace/common';
import type { Sequencer } from './pair-sequence';

export const TEXT_PAIRS = 'text_pairs';

export interface TextPairDoc {
  _id?: ObjectId;
  /** English, NFC, trimmed, whitespace collapsed. */
  source_lang_text: string;
  /** Yoruba, NFC, trimmed, whitespace collapsed. */
  target_lang_text: string;
  text_category: TextCategory;
  /** The signed-in person who added it (never a client-sent user_id). */
  authorId: string;
  status: SentenceStatus;
  approvals: number;
  rejections: number;
  /** approvals + rejections: Review offers the least-reviewed first. */
  reviews: number;
  /** Skips: a skipped pair waits behind the unseen ones with as many reviews. */
  skips: number;
  /** Everyone who approved, rejected or skipped it: Review never offers it to them again. */
  judgedBy: string[];
  /** Both sides compared without case, punctuation or spaces: one pair of texts is stored once. */
  key: string;
  createdAt: Date;
  /** Change sequence for the speech service's copy; taken again on every status change. */
  seq: number;
  decidedAt?: Date;
  /** Set when an admin decided the pair directly. */
  decidedBy?: { userId: string; at: Date };
}

export const textPairs = (db: Db): Collection<TextPairDoc> => db.collection<TextPairDoc>(TEXT_PAIRS);

/** NFC, trimmed, runs of whitespace as one space: how a side is stored. */
export const normalisePairSide = (text: string) => text.normalize('NFC').trim().replace(/\s+/gu, ' ');

/** The duplicate key of one side: NFC, case folded, without punctuation, symbols or spaces. */
const sideKey = (text: string) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase('und')
    .replace(/[\p{P}\p{S}\s]+/gu, '');

export const pairKey = (english: string, yoruba: string) => `${sideKey(english)}\u0000${sideKey(yoruba)}`;

/** Changes a pair's status with a fresh seq, so the change feed shows it again. */
export async function setPairStatus(
  db: Db,
  writer: Sequencer,
  id: ObjectId,
  status: SentenceStatus,
): Promise<boolean> {
  return writer.withSequence(1, async (seq) => {
    const result = await textPairs(db).updateOne(
      { _id: id },
      { $set: { status, seq, ...(status === 'pending' ? {} : { decidedAt: new Date() }) } },
    );
    return result.matchedCount === 1;
  });
}

/** Reports of text pairs made on Donate Your Voice, passed on by the speech service. */
export const TEXT_PAIR_FLAGS = 'text_pair_flags';

export interface TextPairFlagDoc {
  _id?: ObjectId;
  textPairId: ObjectId;
  reason: TextPairReportReason;
  details?: string;
  /** The reporting person's user id, as the speech service knows it. */
  reporterId: string;
  reportedAt: Date;
  receivedAt: Date;
}

export const textPairFlags = (db: Db): Collection<TextPairFlagDoc> =>
  db.collection<TextPairFlagDoc>(TEXT_PAIR_FLAGS);

/** Text pairs' own indexes (Review's queue over them is in review/indexes.ts). */
export const TEXT_PAIR_INDEXES: CollectionIndexes[] = [
  {
    collection: TEXT_PAIRS,
    indexes: [
      // The same pair (case, punctuation and spaces aside) is stored once, even when sent twice at once.
      { key: { key: 1 }, name: 'key_unique', unique: true },
      // The speech service's change cursor: seq > after, in seq order.
      { key: { seq: 1 }, name: 'seq', unique: true },
      // GET /api/text-audio-pairs: approved pairs after a text_id, in id order.
      { key: { status: 1, _id: 1 }, name: 'status_id' },
    ],
  },
  {
    collection: TEXT_PAIR_FLAGS,
    // A pair's reports, newest first (and their count in the reply).
    indexes: [{ key: { textPairId: 1, reportedAt: -1 }, name: 'pair_reported' }],
  },
];

/** Keeps a report with the pair's others; null when there is no such pair. Answers the pair's report count. */
export async function flagTextPair(db: Db, flag: Omit<TextPairFlagDoc, '_id'>): Promise<number | null> {
  const pair = await textPairs(db).findOne({ _id: flag.textPairId }, { projection: { _id: 1 } });
  if (!pair) return null;
  await textPairFlags(db).insertOne(flag);
  return textPairFlags(db).countDocuments({ textPairId: flag.textPairId });
}

/** The keys among `keys` that are stored already. */
export async function storedPairKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const docs = await textPairs(db)
    .find({ key: { $in: [...keys] } })
    .project<{ key: string }>({ key: 1, _id: 0 })
    .toArray();
  return new Set(docs.map((d) => d.key));
}

/**
 * Inserts pending pairs with consecutive change sequence numbers, unordered, and counts each one stored as
 * 'pairs.added' under its author. Answers, for each, whether it was stored: false where the unique key
 * refused it (the same pair stored meanwhile, neither stored nor counted).
 */
export async function insertPendingPairs(
  db: Db,
  writer: Sequencer,
  pairs: ReadonlyArray<Omit<TextPairDoc, 'seq'>>,
): Promise<boolean[]> {
  if (pairs.length === 0) return [];
  const stored = await writer.withSequence(pairs.length, async (first) => {
    const stored = pairs.map(() => true);
    const docs: TextPairDoc[] = pairs.map((p, i) => ({ ...p, seq: first + i }));
    try {
      await textPairs(db).insertMany(docs, { ordered: false });
    } catch (err) {
      const writeErrors = (err as { writeErrors?: unknown }).writeErrors;
      const list = (Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : []) as Array<{
        index: number;
        code: number;
      }>;
      if (list.length === 0 || !list.every(isDuplicateKey)) throw err;
      for (const e of list) stored[e.index] = false;
    }
    return stored;
  });
  await recordActivity(
    db,
    addedEvents(
      'pair',
      pairs.filter((_, i) => stored[i]),
    ),
  );
  return stored;
}

/** What Add Text Pair, the approved list, the speech service's cursor and reports ask of the pairs. */
export function pairStore(db: Db, writer: Sequencer) {
  return {
    /**
     * Stores a pending pair with a fresh seq and counts it as added; 409 `text_pair.duplicate` when the same
     * pair is stored already (nothing is counted then).
     */
    async add(pair: Omit<TextPairDoc, 'seq'>): Promise<TextPairDoc & { _id: ObjectId }> {
      const doc = await writer.withSequence(1, async (seq) => {
        const fresh: TextPairDoc = { ...pair, seq };
        try {
          const { insertedId } = await textPairs(db).insertOne(fresh);
          return { ...fresh, _id: insertedId };
        } catch (err) {
          if (isDuplicateKey(err)) throw new HttpError(409, 'text_pair.duplicate');
          throw err;
        }
      });
      await recordActivity(db, addedEvents('pair', [doc]));
      return doc;
    },

    /** See storedPairKeys. */
    storedKeys: (keys: readonly string[]) => storedPairKeys(db, keys),

    /** See insertPendingPairs. */
    insertPending: (pairs: ReadonlyArray<Omit<TextPairDoc, 'seq'>>) => insertPendingPairs(db, writer, pairs),

    /** Approved pairs in id order, after a text_id (400 when `after` cannot be one). */
    async validated(after: string | undefined, limit: number): Promise<TextPair[]> {
      const filter: Filter<TextPairDoc> = { status: 'validated' };
      if (after !== undefined) {
        const afterId = objectIdOrNull(after);
        if (!afterId) throw new HttpError(400, 'validation.failed');
        filter._id = { $gt: afterId };
      }
      const docs = await textPairs(db)
        .find(filter, { sort: { _id: 1 }, limit })
        .project<
          Pick<TextPairDoc, 'source_lang_text' | 'target_lang_text' | 'text_category'> & { _id: ObjectId }
        >({ source_lang_text: 1, target_lang_text: 1, text_category: 1 })
        .toArray();
      return docs.map((d) => ({
        text_id: d._id.toHexString(),
        source_lang_text: d.source_lang_text,
        target_lang_text: d.target_lang_text,
        text_category: d.text_category,
      }));
    },

    /** Every pair added or changed after a sequence number, in seq order. */
    async changesAfter(after: number, limit: number): Promise<TextPairChange[]> {
      // Not past a change still being written by some process: the reader's cursor would pass it for ever.
      const settled = await writer.settled();
      const docs = await textPairs(db)
        .find({ seq: { $gt: after, $lte: settled } }, { sort: { seq: 1 }, limit })
        .project<
          Pick<TextPairDoc, 'source_lang_text' | 'target_lang_text' | 'text_category' | 'status' | 'seq'> & {
            _id: ObjectId;
          }
        >({ source_lang_text: 1, target_lang_text: 1, text_category: 1, status: 1, seq: 1 })
        .toArray();
      return docs.map((d) => ({
        text_id: d._id.toHexString(),
        source_lang_text: d.source_lang_text,
        target_lang_text: d.target_lang_text,
        text_category: d.text_category,
        status: d.status,
        seq: d.seq,
      }));
    },

    /** See flagTextPair; null too when `id` cannot be a pair's. */
    flag(id: string, flag: Omit<TextPairFlagDoc, '_id' | 'textPairId'>): Promise<number | null> {
      const textPairId = objectIdOrNull(id);
      return textPairId ? flagTextPair(db, { textPairId, ...flag }) : Promise.resolve(null);
    },

    /** How many pairs a person added, and how many of those are validated. */
    authored: (authorId: string) => authoredByStatus(textPairs(db), authorId),

    /** See renameReviewerOn. */
    renameReviewer: (reviewed: ReviewedItems, userId: string, pseudonym: string) =>
      renameReviewerOn(textPairs(db), reviewed, userId, pseudonym),

    /** A deleted account's pairs and reports stay, under its pseudonym. */
    async renamePerson(userId: string, pseudonym: string): Promise<void> {
      await Promise.all([
        textPairs(db).updateMany({ authorId: userId }, { $set: { authorId: pseudonym } }),
        textPairFlags(db).updateMany({ reporterId: userId }, { $set: { reporterId: pseudonym } }),
      ]);
    },
  };
}

export type PairStore = ReturnType<typeof pairStore>;
