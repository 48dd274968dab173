import { ObjectId, type AnyBulkWriteOperation, type Db, type Filter } from 'mongodb';
import {
  MAX_RECORDINGS_PER_SENTENCE,
  type LanguageCode,
  type SentenceChangesReply,
  type SentenceDomain,
  type SentenceStatus,
  type SentenceToRecord,
} from '@platform/contracts';
import { HttpError, ignoreDuplicateKey, isDuplicateKey, type CollectionIndexes } from '@platform/service-kit';

/** The speech service's copy of the text service's recordable sentences. */
export const SENTENCES = 'sentences';
/** What each person did with each sentence (recorded, skipped, reported). */
export const SENTENCE_MARKS = 'sentence_marks';

/** The speech service's copy of a recordable sentence; _id is the text service's sentence id. */
export interface SentenceDoc {
  _id: string;
  text: string;
  language: LanguageCode;
  /** The text service's status is 'validated'; anything else keeps the sentence out of rounds and uploads. */
  recordable: boolean;
  /** The text service's status (absent on a copy made before it was kept): what a release says of a sentence. */
  status?: SentenceStatus;
  /** The writer's domains, from the text service (absent on a copy made before domains were synced). */
  domains?: SentenceDomain[];
  recordingCount: number;
  /** A random key fixed at first sight: rounds start at a random point among sentences with equal counts. */
  rand: number;
  seq: number;
}

export type SentenceMarkKind = 'recorded' | 'skipped' | 'reported';
/** What one person did with one sentence; the round never offers it to them again. */
export interface SentenceMarkDoc {
  _id?: ObjectId;
  userId: string;
  sentenceId: string;
  language: LanguageCode;
  kind: SentenceMarkKind;
  reason?: string;
  details?: string;
  /** Set on a report until the text service has been told. */
  flagPending?: true;
  createdAt: Date;
}

export const SENTENCE_INDEXES: CollectionIndexes[] = [
  {
    collection: SENTENCES,
    indexes: [
      // The round: one language, recordable, fewest recordings first, from a random point among equals.
      {
        key: { language: 1, recordable: 1, recordingCount: 1, rand: 1 },
        name: 'round',
      },
    ],
  },
  {
    collection: SENTENCE_MARKS,
    indexes: [
      // One mark of each kind per person and sentence (a second skip is the same skip).
      { key: { userId: 1, sentenceId: 1, kind: 1 }, name: 'user_sentence_kind_unique', unique: true },
      // The round's exclusions: everything this person recorded, skipped or reported in one language.
      { key: { userId: 1, language: 1 }, name: 'user_language' },
      // Stats: the person's skips.
      { key: { userId: 1, kind: 1 }, name: 'user_kind' },
      // Reports still to pass on to the text service.
      { key: { flagPending: 1 }, name: 'flag_pending', sparse: true },
    ],
  },
];

const sentencesOf = (db: Db) => db.collection<SentenceDoc>(SENTENCES);

const ID_BATCH = 5000;

/** The ids of the sentences (validated or not) tagged with one of `domains` (a release's selection). */
export async function sentenceIdsInDomains(db: Db, domains: string[]): Promise<string[]> {
  const docs = await sentencesOf(db)
    .find({ domains: { $in: domains } } as Filter<SentenceDoc>, { projection: { _id: 1 } })
    .batchSize(ID_BATCH)
    .toArray();
  return docs.map((d) => d._id);
}

/** How many candidates per needed sentence a level contributes before drawing at random among them. */
const SPREAD = 4;
/** Sentences read per look-up when a release's rows need their domains. */
const DOMAIN_BATCH = 1000;

const shuffle = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

/** A person's skip or report as stored with their mark (a report waits there to be passed on). */
export interface SentenceMarkExtra {
  reason: string;
  flagPending: true;
  details?: string;
}

/** The sentence copy and the people's marks on it: Speak's round, its claims, skips and reports, the sync. */
export function sentenceStore(db: Db) {
  const sentences = sentencesOf(db);
  const marks = db.collection<SentenceMarkDoc>(SENTENCE_MARKS);

  /** Sentence ids this person recorded, skipped or reported in one language. */
  async function excludedSentences(userId: string, language: LanguageCode) {
    const done = await marks
      .find({ userId, language })
      .project<{ sentenceId: string }>({ _id: 0, sentenceId: 1 })
      .toArray();
    return new Set(done.map((m) => m.sentenceId));
  }

  /** The smallest recording count above `after` (and under the cap) that some recordable sentence has. */
  async function nextLevel(base: Filter<SentenceDoc>, after: number) {
    const next = await sentences.findOne(
      { ...base, recordingCount: { $gt: after, $lt: MAX_RECORDINGS_PER_SENTENCE } },
      { sort: { recordingCount: 1 }, projection: { recordingCount: 1 } },
    );
    return next ? next.recordingCount : null;
  }

  return {
    find: (id: string) => sentences.findOne({ _id: id }),

    findRecordable: (id: string) => sentences.findOne({ _id: id, recordable: true }),

    /**
     * A round for one person: the sentences with the fewest recordings first, never one they recorded,
     * skipped or reported, never one with 15 or more recordings. Among sentences with equal counts the round
     * starts at a random point of their fixed random keys (wrapping round), so two people rarely get the same
     * sentences, and every read walks the `round` index in order and stops as soon as the round is full.
     */
    async round(options: {
      userId: string;
      language: LanguageCode;
      count: number;
    }): Promise<SentenceToRecord[]> {
      const { language, count } = options;
      const excluded = await excludedSentences(options.userId, language);
      const base: Filter<SentenceDoc> = { language, recordable: true };
      const picked: SentenceToRecord[] = [];
      const start = Math.random();

      const take = async (filter: Filter<SentenceDoc>, level: SentenceToRecord[], wanted: number) => {
        const cursor = sentences
          .find(filter)
          .sort({ rand: 1 })
          .project<Pick<SentenceDoc, '_id' | 'text' | 'language'>>({ text: 1, language: 1 })
          .limit(wanted + excluded.size);
        try {
          for await (const s of cursor) {
            if (excluded.has(s._id)) continue;
            level.push({ id: s._id, text: s.text, language: s.language });
            if (level.length >= wanted) break;
          }
        } finally {
          await cursor.close();
        }
      };

      let levelCount: number | null = await nextLevel(base, -1);
      while (levelCount !== null && picked.length < count) {
        // Read a few times more than needed from the random start and draw from those, so rounds that start
        // near each other still differ.
        const wanted = (count - picked.length) * SPREAD;
        const level: SentenceToRecord[] = [];
        await take({ ...base, recordingCount: levelCount, rand: { $gte: start } }, level, wanted);
        if (level.length < wanted) {
          await take({ ...base, recordingCount: levelCount, rand: { $lt: start } }, level, wanted);
        }
        picked.push(...shuffle(level).slice(0, count - picked.length));
        levelCount = await nextLevel(base, levelCount);
      }
      return picked;
    },

    /** Whether this person already recorded this sentence. */
    async hasRecorded(userId: string, sentenceId: string): Promise<boolean> {
      return !!(await marks.findOne({ userId, sentenceId, kind: 'recorded' }, { projection: { _id: 1 } }));
    },

    /**
     * Takes one of the sentence's recording places for this person, atomically: the person's `recorded` mark
     * (unique per person and sentence) and one step of the sentence's count, only while it is under the cap.
     * Two uploads racing for the last place or for the same person's one take cannot both win. Returns how
     * to give the place back if the recording is not stored after all.
     */
    async claimRecordingPlace(
      sentence: Pick<SentenceDoc, '_id' | 'language'>,
      userId: string,
      createdAt: Date,
    ): Promise<() => Promise<void>> {
      const markId = new ObjectId();
      try {
        await marks.insertOne({
          _id: markId,
          userId,
          sentenceId: sentence._id,
          language: sentence.language,
          kind: 'recorded',
          createdAt,
        });
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, 'recording.already_recorded');
        throw err;
      }
      const counted = await sentences.updateOne(
        { _id: sentence._id, recordingCount: { $lt: MAX_RECORDINGS_PER_SENTENCE } },
        { $inc: { recordingCount: 1 } },
      );
      if (counted.modifiedCount !== 1) {
        await marks.deleteOne({ _id: markId });
        throw new HttpError(409, 'recording.sentence_full');
      }
      return async () => {
        await sentences.updateOne({ _id: sentence._id }, { $inc: { recordingCount: -1 } });
        await marks.deleteOne({ _id: markId });
      };
    },

    /** A person's skip or report of a sentence; a second one of the same kind is the same one. */
    async mark(
      userId: string,
      sentence: Pick<SentenceDoc, '_id' | 'language'>,
      kind: 'skipped' | 'reported',
      extra?: SentenceMarkExtra,
    ): Promise<void> {
      await marks
        .updateOne(
          { userId, sentenceId: sentence._id, kind },
          { $setOnInsert: { language: sentence.language, createdAt: new Date(), ...extra } },
          { upsert: true },
        )
        .catch(ignoreDuplicateKey);
    },

    /** The sentences this person skipped (their stats). */
    skipCount: (userId: string) => marks.countDocuments({ userId, kind: 'skipped' }),

    /** Applies one page of the text service's sentence changes to the copy (idempotent upserts). */
    async applyChanges(items: SentenceChangesReply['items']): Promise<void> {
      const ops: AnyBulkWriteOperation<SentenceDoc>[] = items.map((s) => ({
        updateOne: {
          filter: { _id: s.id },
          update: {
            $set: {
              text: s.text,
              language: s.language,
              recordable: s.status === 'validated',
              status: s.status,
              seq: s.seq,
              domains: s.domains ?? [],
            },
            $setOnInsert: { recordingCount: 0, rand: Math.random() },
          },
          upsert: true,
        },
      }));
      await sentences.bulkWrite(ops, { ordered: false });
    },

    /** Reports not yet passed on to the text service, oldest first by id. */
    pendingReports: (limit: number) => marks.find({ flagPending: true }).limit(limit).toArray(),

    async reportPassedOn(markId: ObjectId): Promise<void> {
      await marks.updateOne({ _id: markId }, { $unset: { flagPending: '' } });
    },

    /** Whether `language` has a recordable sentence (one look-up on the round's index). */
    async hasRecordable(language: LanguageCode): Promise<boolean> {
      return !!(await sentences.findOne({ language, recordable: true }, { projection: { _id: 1 } }));
    },

    /** The ids of the sentences (validated or not) tagged with one of `domains` (a release's selection). */
    idsInDomains: (domains: string[]) => sentenceIdsInDomains(db, domains),

    count: (filter: Filter<SentenceDoc>) => sentences.countDocuments(filter),

    /** The sentences matching `filter`, by id, as a stream. */
    inIdOrder: (filter: Filter<SentenceDoc>) => sentences.find(filter).sort({ _id: 1 }),

    /**
     * The reports made on sentences of `language` up to `cutoff`, with the sentence as the copy holds it, by
     * sentence then report, as a stream (a release's reported.tsv); `sentences` narrows them to a scope.
     */
    reportsOf: (language: LanguageCode, cutoff: Date, sentences: Filter<SentenceDoc>) =>
      marks.aggregate<{ sentenceId: string; reason?: string; text: string }>([
        { $match: { kind: 'reported', language, createdAt: { $lte: cutoff } } },
        { $sort: { sentenceId: 1, _id: 1 } },
        { $lookup: { from: SENTENCES, localField: 'sentenceId', foreignField: '_id', as: 'sentence' } },
        { $unwind: '$sentence' },
        { $match: Object.fromEntries(Object.entries(sentences).map(([k, v]) => [`sentence.${k}`, v])) },
        { $project: { _id: 0, sentenceId: 1, reason: 1, text: '$sentence.text' } },
      ]),

    /** Each of these sentences' domains, comma-joined (read a thousand at a time). */
    async domainsOf(ids: readonly string[]): Promise<Map<string, string>> {
      const domains = new Map<string, string>();
      for (let i = 0; i < ids.length; i += DOMAIN_BATCH) {
        const docs = await sentences
          .find({ _id: { $in: ids.slice(i, i + DOMAIN_BATCH) } }, { projection: { domains: 1 } })
          .toArray();
        for (const d of docs) domains.set(d._id, (d.domains ?? []).join(','));
      }
      return domains;
    },

    /** A deleted account: the marks that served only them go (their reports stay, under the pseudonym). */
    async forget(userId: string): Promise<void> {
      await marks.deleteMany({ userId, kind: { $ne: 'reported' } });
    },

    async pseudonymise(userId: string, pseudonym: string): Promise<void> {
      await marks.updateMany({ userId }, { $set: { userId: pseudonym } });
    },
  };
}

export type SentenceStore = ReturnType<typeof sentenceStore>;
