import type { Collection, Db, ObjectId } from 'mongodb';
import type { SentenceStatus, TextCategory, TextPairReportReason } from '@platform/contracts';
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

/** Keeps a report with the pair's others; null when there is no such pair. Answers the pair's report count. */
export async function flagTextPair(db: Db, flag: Omit<TextPairFlagDoc, '_id'>): Promise<number | null> {
  const pair = await textPairs(db).findOne({ _id: flag.textPairId }, { projection: { _id: 1 } });
  if (!pair) return null;
  await textPairFlags(db).insertOne(flag);
  return textPairFlags(db).countDocuments({ textPairId: flag.textPairId });
}
