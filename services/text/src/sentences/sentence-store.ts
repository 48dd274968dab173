import type { Collection, Db, ObjectId } from 'mongodb';
import type { LanguageCode, SentenceSource, SentenceStatus } from '@platform/contracts';
import { isDuplicateKey } from '@platform/service-kit';

export const SENTENCES = 'sentences';
export const SENTENCE_FLAGS = 'sentence_flags';
export const COUNTERS = 'counters';
const SEQ_COUNTER = 'sentences';

export interface SentenceDoc {
  _id?: ObjectId;
  /** Unicode NFC, trimmed; unique per language. */
  text: string;
  language: LanguageCode;
  citation: string;
  license: string;
  source: SentenceSource;
  status: SentenceStatus;
  createdAt: Date;
  /** Change sequence: taken again whenever the sentence changes in a way the speech service must see. */
  seq: number;
  flags?: number;
}

export interface SentenceFlagDoc {
  _id?: ObjectId;
  sentenceId: ObjectId;
  reason: string;
  details?: string;
  reporterId: string;
  reportedAt: Date;
  receivedAt: Date;
}

interface CounterDoc {
  _id: string;
  value: number;
}

export const normaliseSentence = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ');

export const sentences = (db: Db): Collection<SentenceDoc> => db.collection<SentenceDoc>(SENTENCES);

/**
 * Hands out change sequence numbers. Reservation and write happen under one in-process lock, so a reader of
 * `seq > after` can never see seq n+1 committed while n is still in flight (which would make it skip n).
 * Several text-service processes writing at once would need a commit watermark instead; one is deployed.
 */
export class SequenceWriter {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** Runs `write` with `count` consecutive fresh numbers, first one passed in; writes run one at a time. */
  withSequence<T>(count: number, write: (first: number) => Promise<T>): Promise<T> {
    const run = async () => {
      const counter = await this.db
        .collection<CounterDoc>(COUNTERS)
        .findOneAndUpdate(
          { _id: SEQ_COUNTER },
          { $inc: { value: count } },
          { upsert: true, returnDocument: 'after' },
        );
      const last = counter?.value ?? count;
      return write(last - count + 1);
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** What a writer supplies; the store adds the id, the time and the change sequence. */
export type NewSentence = Omit<SentenceDoc, '_id' | 'createdAt' | 'seq'>;

/**
 * Inserts sentences that are not there yet (by language and NFC text). Answers how many were new; the
 * unique index on (language, text) keeps a concurrent second insert of the same sentence out.
 */
export async function insertSentences(db: Db, writer: SequenceWriter, items: NewSentence[]): Promise<number> {
  const byKey = new Map<string, NewSentence>();
  for (const item of items) {
    const text = normaliseSentence(item.text);
    if (text) byKey.set(`${item.language}\u0000${text}`, { ...item, text });
  }
  if (byKey.size === 0) return 0;
  const languages = [...new Set([...byKey.values()].map((s) => s.language))];
  const existing = await sentences(db)
    .find({ language: { $in: languages }, text: { $in: [...byKey.values()].map((s) => s.text) } })
    .project<{ language: string; text: string }>({ _id: 0, language: 1, text: 1 })
    .toArray();
  for (const e of existing) byKey.delete(`${e.language}\u0000${e.text}`);
  const fresh = [...byKey.values()];
  if (fresh.length === 0) return 0;
  return writer.withSequence(fresh.length, async (first) => {
    const now = new Date();
    const docs: SentenceDoc[] = fresh.map((s, i) => ({ ...s, createdAt: now, seq: first + i }));
    try {
      const result = await sentences(db).insertMany(docs, { ordered: false });
      return result.insertedCount;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (err as { insertedCount?: number }).insertedCount ?? 0;
    }
  });
}

/**
 * Changes a sentence's status (review in the Write pipeline) and gives it a fresh seq, so the speech
 * service's cursor sees the change: a sentence validated later becomes recordable, a rejected one stops being.
 */
export async function setSentenceStatus(
  db: Db,
  writer: SequenceWriter,
  id: ObjectId,
  status: SentenceStatus,
): Promise<boolean> {
  return writer.withSequence(1, async (seq) => {
    const result = await sentences(db).updateOne({ _id: id }, { $set: { status, seq } });
    return result.matchedCount === 1;
  });
}
