import { ObjectId, type AnyBulkWriteOperation, type Collection, type Db } from 'mongodb';
import type {
  LanguageCode,
  SentenceChange,
  SentenceDomain,
  SentenceSource,
  SentenceStatus,
} from '@platform/contracts';
import { isDuplicateKey, recordActivity, type CollectionIndexes } from '@platform/service-kit';
import { addedEvents } from '../activity/text-activity';
import { authoredByStatus } from '../people/authored';
import { renameReviewerOn, type ReviewedItems } from '../people/reviewed-items';
import { objectIdOrNull } from '../workspace/common';
import { duplicateKey, normaliseSentence } from '../rules/sentence-rules';
import { TEXT_PAIRS } from '../text-pairs/store';
import { ChangeSequence, type ChangeCounterDoc } from './change-sequence';

export { normaliseSentence };

export const SENTENCES = 'sentences';
export const SENTENCE_FLAGS = 'sentence_flags';
export const COUNTERS = 'counters';
const SEQ_COUNTER = 'sentences';

export interface SentenceDoc {
  _id?: ObjectId;
  /** Unicode NFC, whitespace collapsed; unique per language. */
  text: string;
  /** The duplicate key (NFC, case folded, no punctuation or whitespace): unique per language. */
  key: string;
  language: LanguageCode;
  citation: string;
  license: string;
  source: SentenceSource;
  /** Written sentences start 'pending' (review decides); the starter set is 'validated'. */
  status: SentenceStatus;
  /** Who wrote it (the signed identity's id); absent for the starter set. */
  authorId?: string;
  /** At most three, from SENTENCE_DOMAINS; absent for the starter set. */
  domains?: SentenceDomain[];
  /** Review counts (the review pipeline updates them and the status). */
  approvals?: number;
  rejections?: number;
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

export type CounterDoc = ChangeCounterDoc;

/** Named counters: the change sequences of the sentences and of the text pairs. */
export const counters = (db: Db): Collection<CounterDoc> => db.collection<CounterDoc>(COUNTERS);

export const sentences = (db: Db): Collection<SentenceDoc> => db.collection<SentenceDoc>(SENTENCES);
const sentenceFlags = (db: Db): Collection<SentenceFlagDoc> => db.collection<SentenceFlagDoc>(SENTENCE_FLAGS);

export const SENTENCE_INDEXES: CollectionIndexes[] = [
  {
    collection: SENTENCES,
    indexes: [
      // One sentence per language and duplicate key (NFC, case folded, without punctuation and spaces): makes
      // seeding idempotent, serves Write's duplicate look-up, and is the last word when two people submit the
      // same sentence at once. It supersedes the (language, text) index, which start-up drops
      // (OBSOLETE_SENTENCE_INDEXES below): the same text always has the same key.
      { key: { language: 1, key: 1 }, name: 'language_key_unique', unique: true },
      // The speech service's change cursor: seq > after, in seq order.
      { key: { seq: 1 }, name: 'seq', unique: true },
    ],
  },
  {
    collection: SENTENCE_FLAGS,
    // The review queue: a sentence's reports, newest first.
    indexes: [{ key: { sentenceId: 1, reportedAt: -1 }, name: 'sentence_reported' }],
  },
];

/**
 * The sentences' change sequence (see ChangeSequence): every text-service process writes through its own, and
 * the change feed reads only up to `settled()`, so several processes writing at once never make it skip one.
 */
export class SequenceWriter extends ChangeSequence {
  constructor(db: Db) {
    super(counters(db), SEQ_COUNTER);
  }
}

/** What a writer supplies; the store adds the id, the key, the time, the change sequence and the counts. */
export type NewSentence = Omit<SentenceDoc, '_id' | 'createdAt' | 'seq' | 'key' | 'approvals' | 'rejections'>;

/** How many keys one `$in` look-up carries: small enough for every server to answer from the index. */
const KEY_LOOKUP_CHUNK = 500;
/** Documents per insertMany (about 1.5 MB of BSON). */
const INSERT_CHUNK = 5000;

/** The keys among `keys` already stored in `language` (through the (language, key) index, in chunks). */
export async function storedKeys(
  db: Db,
  language: LanguageCode,
  keys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += KEY_LOOKUP_CHUNK) {
    const chunk = unique.slice(i, i + KEY_LOOKUP_CHUNK);
    const docs = await sentences(db)
      .find({ language, key: { $in: chunk } })
      .project<{ key: string }>({ _id: 0, key: 1 })
      .toArray();
    for (const d of docs) found.add(d.key);
  }
  return found;
}

/**
 * Of `keys`, those stored by `authorId` under the request `submission` (its Idempotency-Key): a retry of a
 * request whose first try stored them and died before answering recognises its own lines.
 */
export async function keysOfSubmission(
  db: Db,
  language: LanguageCode,
  keys: readonly string[],
  authorId: string,
  submission: string,
): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += KEY_LOOKUP_CHUNK) {
    const docs = await sentences(db)
      .find({ language, key: { $in: unique.slice(i, i + KEY_LOOKUP_CHUNK) }, authorId, submission })
      .project<{ key: string }>({ _id: 0, key: 1 })
      .toArray();
    for (const d of docs) found.add(d.key);
  }
  return found;
}

/** The id of the sentence `authorId` stored under the request `submission` (see keysOfSubmission). */
export async function submittedSentenceId(
  db: Db,
  language: LanguageCode,
  key: string,
  authorId: string,
  submission: string,
): Promise<ObjectId | null> {
  const doc = await sentences(db).findOne(
    { language, key, authorId, submission },
    { projection: { _id: 1 } },
  );
  return doc?._id ?? null;
}

/** The positions (in `docs`) a unique index refused; any other write error is thrown. */
function refusedPositions(err: unknown, offset: number): number[] {
  const writeErrors = (err as { writeErrors?: unknown }).writeErrors;
  const list = (Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : []) as Array<{
    index: number;
    code: number;
  }>;
  if (list.length === 0 || !list.every(isDuplicateKey)) throw err;
  return list.map((e) => offset + e.index);
}

/**
 * Inserts documents with consecutive change sequence numbers, in chunks, unordered. Answers the id of each
 * document, or null where the unique index refused it (the same sentence stored meanwhile).
 */
async function insertWithSequence(
  db: Db,
  writer: SequenceWriter,
  items: Array<Omit<SentenceDoc, '_id' | 'seq' | 'createdAt'>>,
  now = new Date(),
): Promise<Array<ObjectId | null>> {
  if (items.length === 0) return [];
  return writer.withSequence(items.length, async (first) => {
    const ids: Array<ObjectId | null> = items.map(() => new ObjectId());
    // Documents are made a chunk at a time, so a large file never has all of them in memory at once.
    for (let i = 0; i < items.length; i += INSERT_CHUNK) {
      const docs: SentenceDoc[] = items
        .slice(i, i + INSERT_CHUNK)
        .map((s, j) => ({ _id: ids[i + j]!, ...s, createdAt: now, seq: first + i + j }));
      try {
        await sentences(db).insertMany(docs, { ordered: false });
      } catch (err) {
        for (const position of refusedPositions(err, i)) ids[position] = null;
      }
    }
    return ids;
  });
}

/**
 * Inserts sentences that are not there yet (by language and duplicate key). Answers how many were new; the
 * unique indexes keep a concurrent second insert of the same sentence out.
 */
export async function insertSentences(db: Db, writer: SequenceWriter, items: NewSentence[]): Promise<number> {
  const byKey = new Map<string, NewSentence & { key: string }>();
  for (const item of items) {
    const text = normaliseSentence(item.text);
    const key = duplicateKey(text);
    const mapKey = `${item.language}\u0000${key}`;
    if (text && key && !byKey.has(mapKey)) byKey.set(mapKey, { ...item, text, key });
  }
  const languages = [...new Set([...byKey.values()].map((s) => s.language))];
  for (const language of languages) {
    const keys = [...byKey.values()].filter((s) => s.language === language).map((s) => s.key);
    for (const key of await storedKeys(db, language, keys)) byKey.delete(`${language}\u0000${key}`);
  }
  const fresh = [...byKey.values()].map((s) => ({ ...s, approvals: 0, rejections: 0 }));
  const ids = await insertWithSequence(db, writer, fresh);
  return ids.filter((id) => id !== null).length;
}

/** A sentence from the Write screen, already checked (see rules/sentence-rules.ts). */
export interface WrittenSentence {
  text: string;
  key: string;
  language: LanguageCode;
  citation: string;
  domains: SentenceDomain[];
  /** From the signed identity of the request, never from its body. */
  authorId: string;
  /** The writing request's Idempotency-Key, when it had one (see keysOfSubmission). */
  submission?: string;
}

/** The licence every written sentence is shared under (the writer confirms it). */
export const WRITTEN_LICENSE = 'CC0-1.0';

/**
 * Stores written sentences as 'pending', with no reviews yet, and counts each one stored as
 * 'sentences.written' under its writer (a sentence someone else stored meanwhile is neither stored nor
 * counted). Answers each one's id, or null where the same sentence (by key) was stored meanwhile by someone
 * else.
 */
export async function storeWrittenSentences(
  db: Db,
  writer: SequenceWriter,
  items: readonly WrittenSentence[],
): Promise<Array<ObjectId | null>> {
  const createdAt = new Date();
  const ids = await insertWithSequence(
    db,
    writer,
    items.map((s) => ({
      text: s.text,
      key: s.key,
      language: s.language,
      citation: s.citation,
      domains: s.domains,
      authorId: s.authorId,
      ...(s.submission ? { submission: s.submission } : {}),
      license: WRITTEN_LICENSE,
      source: 'write' as const,
      status: 'pending' as const,
      approvals: 0,
      rejections: 0,
    })),
    createdAt,
  );
  const stored = items.filter((_, i) => ids[i] !== null);
  await recordActivity(
    db,
    addedEvents(
      'sentence',
      stored.map((s) => ({ ...s, createdAt })),
    ),
  );
  return ids;
}

/** Indexes of older versions that the service drops at start (each costs every insert a write). */
export const OBSOLETE_SENTENCE_INDEXES = [
  'language_text_unique',
  // Review's queue without the author, superseded by review_queue_author and review_queue_language_author.
  'review_queue',
  'review_queue_language',
  // A person's figures' (authorId, status), a prefix of author_review_queue.
  'author_status',
];

/** The text pairs' indexes of older versions: (authorId, status), a prefix of author_review_queue. */
export const OBSOLETE_PAIR_INDEXES = ['author_status'];

/** Drops the indexes older versions created that no query needs any more (absent ones are no error). */
export async function dropObsoleteIndexes(db: Db): Promise<void> {
  for (const [collection, names] of [
    [SENTENCES, OBSOLETE_SENTENCE_INDEXES],
    [TEXT_PAIRS, OBSOLETE_PAIR_INDEXES],
  ] as const) {
    const existing = new Set(
      (
        await db
          .collection(collection)
          .indexes()
          .catch(() => [])
      ).map((i) => i.name),
    );
    for (const name of names) {
      if (existing.has(name)) await db.collection(collection).dropIndex(name);
    }
  }
}

/** Data changes run once per database, remembered here so later starts skip them. */
const MIGRATIONS = 'migrations';
const KEYS_BACKFILLED = 'sentence-keys';
export const migrations = (db: Db) => db.collection<{ _id: string; at: Date }>(MIGRATIONS);

/**
 * Gives every sentence stored before duplicate keys existed its key, so the unique (language, key) index
 * can be built. Two old sentences with the same key keep apart by their id (the index stays buildable; a
 * new sentence with that key is still refused by the look-up before insert). Every sentence written since
 * carries its key, so this runs once per database: the search for unkeyed sentences reads the whole
 * collection. Answers how many were keyed.
 */
export async function backfillKeys(db: Db): Promise<number> {
  if (await migrations(db).findOne({ _id: KEYS_BACKFILLED })) return 0;
  const keyed = await keyUnkeyedSentences(db);
  await migrations(db).updateOne(
    { _id: KEYS_BACKFILLED },
    { $setOnInsert: { at: new Date() } },
    { upsert: true },
  );
  return keyed;
}

async function keyUnkeyedSentences(db: Db): Promise<number> {
  const col = sentences(db);
  const missing = await col
    .find({ key: { $exists: false } })
    .project<{ _id: ObjectId; text: string; language: LanguageCode }>({ text: 1, language: 1 })
    .toArray();
  if (missing.length === 0) return 0;
  const seen = new Set<string>();
  const ops: AnyBulkWriteOperation<SentenceDoc>[] = missing.map((d) => {
    const key = duplicateKey(d.text);
    const unique = seen.has(`${d.language}\u0000${key}`) ? `${key}#${d._id.toHexString()}` : key;
    seen.add(`${d.language}\u0000${key}`);
    return { updateOne: { filter: { _id: d._id }, update: { $set: { key: unique } } } };
  });
  await col.bulkWrite(ops, { ordered: false });
  return ops.length;
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

/** What Write, the speech service's cursor, reports and a person's figures ask of the sentences. */
export function sentenceStore(db: Db, writer: SequenceWriter) {
  return {
    /** See storeWrittenSentences. */
    storeWritten: (items: readonly WrittenSentence[]) => storeWrittenSentences(db, writer, items),

    /** See storedKeys. */
    storedKeys: (language: LanguageCode, keys: readonly string[]) => storedKeys(db, language, keys),
    /** See submittedSentenceId. */
    submittedSentenceId: (language: LanguageCode, key: string, authorId: string, submission: string) =>
      submittedSentenceId(db, language, key, authorId, submission),
    /** See keysOfSubmission. */
    keysOfSubmission: (language: LanguageCode, keys: readonly string[], authorId: string, submission: string) =>
      keysOfSubmission(db, language, keys, authorId, submission),

    /** Every sentence added or changed after a sequence number, in seq order. */
    async changesAfter(after: number, limit: number): Promise<SentenceChange[]> {
      // Not past a change still being written by some process: the reader's cursor would pass it for ever.
      const settled = await writer.settled();
      const docs = await sentences(db)
        .find({ seq: { $gt: after, $lte: settled } })
        .sort({ seq: 1 })
        .limit(limit)
        .project<Pick<SentenceDoc, 'text' | 'language' | 'status' | 'seq' | 'domains'> & { _id: ObjectId }>({
          text: 1,
          language: 1,
          status: 1,
          seq: 1,
          domains: 1,
        })
        .toArray();
      return docs.map((d) => ({
        id: d._id.toHexString(),
        text: d.text,
        language: d.language,
        status: d.status,
        seq: d.seq,
        domains: d.domains ?? [],
      }));
    },

    /**
     * Keeps a report of a sentence and counts it on the sentence. Answers the sentence's report count, or
     * null when there is no such sentence.
     */
    async flag(id: string, flag: Omit<SentenceFlagDoc, '_id' | 'sentenceId'>): Promise<number | null> {
      const sentenceId = objectIdOrNull(id);
      if (!sentenceId) return null;
      const updated = await sentences(db).findOneAndUpdate(
        { _id: sentenceId },
        { $inc: { flags: 1 } },
        { returnDocument: 'after', projection: { flags: 1 } },
      );
      if (!updated) return null;
      await sentenceFlags(db).insertOne({ sentenceId, ...flag });
      return updated.flags ?? 1;
    },

    /** How many sentences a person wrote, and how many of those are validated. */
    authored: (authorId: string) => authoredByStatus(sentences(db), authorId),

    /** See renameReviewerOn. */
    renameReviewer: (reviewed: ReviewedItems, userId: string, pseudonym: string) =>
      renameReviewerOn(sentences(db), reviewed, userId, pseudonym),

    /** A deleted account's sentences and reports stay, under its pseudonym. */
    async renamePerson(userId: string, pseudonym: string): Promise<void> {
      await Promise.all([
        sentences(db).updateMany({ authorId: userId }, { $set: { authorId: pseudonym } }),
        sentenceFlags(db).updateMany({ reporterId: userId }, { $set: { reporterId: pseudonym } }),
      ]);
    },
  };
}

export type SentenceStore = ReturnType<typeof sentenceStore>;
