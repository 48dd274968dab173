import type { AnyBulkWriteOperation, Db, Filter, ObjectId } from 'mongodb';
import type { TextCategory, TextPairChangesReply, TextPairReportReason } from '@platform/contracts';
import { ignoreDuplicateKey, type CollectionIndexes } from '@platform/service-kit';

/** The speech service's copy of the text service's text pairs (Donate speaks them). */
export const TEXT_PAIRS = 'text_pairs';
/** A person's skips and reports of text pairs on Donate. */
export const TEXT_PAIR_MARKS = 'text_pair_marks';

/**
 * The speech service's copy of a text pair (from the text service's change feed); _id is the text_id. A pair
 * that stops being approved stays with `approved: false`, so its donation count survives a re-approval.
 */
export interface TextPairCopyDoc {
  _id: string;
  source_lang_text: string;
  target_lang_text: string;
  text_category: TextCategory;
  approved: boolean;
  /** Audio pairs donated for it: Donate offers the fewest first. */
  donations: number;
  /** A random key fixed at first sight: ties between equal counts are broken by it. */
  rand: number;
  seq: number;
}

export type TextPairMarkKind = 'skipped' | 'reported';
/** A person's skip or report of a text pair on Donate; Donate never offers it to them again. */
export interface TextPairMarkDoc {
  _id?: ObjectId;
  userId: string;
  textId: string;
  kind: TextPairMarkKind;
  reason?: TextPairReportReason;
  details?: string;
  /** Set on a report until the text service has been told. */
  flagPending?: true;
  createdAt: Date;
}

export const TEXT_PAIR_INDEXES: CollectionIndexes[] = [
  {
    collection: TEXT_PAIRS,
    indexes: [
      // Donate: approved pairs, fewest donations first; also counts the approved pairs ('of M').
      { key: { approved: 1, donations: 1, rand: 1 }, name: 'donate_queue' },
    ],
  },
  {
    collection: TEXT_PAIR_MARKS,
    indexes: [
      // One skip and one report per person and pair; Donate's exclusions.
      { key: { userId: 1, textId: 1, kind: 1 }, name: 'user_text_kind_unique', unique: true },
      // Reports still to pass on to the text service.
      { key: { flagPending: 1 }, name: 'flag_pending', sparse: true },
    ],
  },
];

/** A row of Donate's queue: what the screen shows of a pair. */
export type QueuedTextPair = Pick<
  TextPairCopyDoc,
  '_id' | 'source_lang_text' | 'target_lang_text' | 'text_category'
>;

/** A person's report as stored with their mark until the text service has been told. */
export interface TextPairMarkExtra {
  reason: TextPairReportReason;
  flagPending: true;
  details?: string;
}

/** The text pair copy and the people's marks on it: Donate's queue, skips and reports, the sync. */
export function textPairStore(db: Db) {
  const pairs = db.collection<TextPairCopyDoc>(TEXT_PAIRS);
  const marks = db.collection<TextPairMarkDoc>(TEXT_PAIR_MARKS);

  return {
    /** An approved pair (Donate speaks only those); null for any other id. */
    findApproved: (id: string) => pairs.findOne({ _id: id, approved: true }),

    async exists(id: string): Promise<boolean> {
      return !!(await pairs.findOne({ _id: id }, { projection: { _id: 1 } }));
    },

    /** One more donation of this pair: Donate offers the fewest first. */
    async countDonation(id: string): Promise<void> {
      await pairs.updateOne({ _id: id }, { $inc: { donations: 1 } });
    },

    /** `limit` approved pairs from `offset` in queue order (fewest donations, then a fixed random key). */
    queuePage: (offset: number, limit: number) =>
      pairs
        .find({ approved: true })
        .sort({ approved: 1, donations: 1, rand: 1 })
        .skip(offset)
        .limit(limit)
        .project<QueuedTextPair>({ source_lang_text: 1, target_lang_text: 1, text_category: 1 })
        .toArray(),

    /** Of these pairs, the ones this person skipped or reported (point look-ups on the unique index). */
    async markedAmong(userId: string, textIds: string[]): Promise<string[]> {
      const found = await marks
        .find({ userId, textId: { $in: textIds } })
        .project<{ textId: string }>({ _id: 0, textId: 1 })
        .toArray();
      return found.map((m) => m.textId);
    },

    /** A person's skip or report of a pair; a second one of the same kind is the same one. */
    async mark(
      userId: string,
      textId: string,
      kind: TextPairMarkKind,
      extra?: TextPairMarkExtra,
    ): Promise<void> {
      await marks
        .updateOne(
          { userId, textId, kind },
          { $setOnInsert: { createdAt: new Date(), ...extra } },
          { upsert: true },
        )
        .catch(ignoreDuplicateKey);
    },

    /**
     * Applies one page of the text service's changes to the copy (idempotent upserts); answers how many
     * approved pairs the page adds (or, negative, takes away), for Donate's running 'of M'.
     */
    async applyChanges(items: TextPairChangesReply['items']): Promise<number> {
      const ops: AnyBulkWriteOperation<TextPairCopyDoc>[] = items.map((p) => ({
        updateOne: {
          filter: { _id: p.text_id },
          update: {
            $set: {
              source_lang_text: p.source_lang_text,
              target_lang_text: p.target_lang_text,
              text_category: p.text_category,
              approved: p.status === 'validated',
              seq: p.seq,
            },
            $setOnInsert: { donations: 0, rand: Math.random() },
          },
          upsert: true,
        },
      }));
      const before = await pairs
        .find({ _id: { $in: items.map((p) => p.text_id) } })
        .project<{ _id: string; approved: boolean }>({ approved: 1 })
        .toArray();
      const wasApproved = new Set(before.filter((d) => d.approved).map((d) => d._id));
      const delta = items.reduce(
        (sum, p) => sum + Number(p.status === 'validated') - Number(wasApproved.has(p.text_id)),
        0,
      );
      await pairs.bulkWrite(ops, { ordered: false });
      return delta;
    },

    /** Reports not yet passed on to the text service. */
    pendingReports: (limit: number) => marks.find({ flagPending: true }).limit(limit).toArray(),

    async reportPassedOn(markId: ObjectId): Promise<void> {
      await marks.updateOne({ _id: markId }, { $unset: { flagPending: '' } });
    },

    /** The approved pairs, counted once (the running count is set from it on data stored before it). */
    approvedCount: () => pairs.countDocuments({ approved: true }),

    count: (filter: Filter<TextPairCopyDoc>) => pairs.countDocuments(filter),

    /** The pairs matching `filter`, by id, as a stream. */
    inIdOrder: (filter: Filter<TextPairCopyDoc>) => pairs.find(filter).sort({ _id: 1 }),

    /** A deleted account: the skips that served only them go (their reports stay, under the pseudonym). */
    async forget(userId: string): Promise<void> {
      await marks.deleteMany({ userId, kind: { $ne: 'reported' } });
    },

    async pseudonymise(userId: string, pseudonym: string): Promise<void> {
      await marks.updateMany({ userId }, { $set: { userId: pseudonym } });
    },
  };
}

export type TextPairStore = ReturnType<typeof textPairStore>;
