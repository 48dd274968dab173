import { ObjectId, type Collection, type Db, type Document, type Filter } from 'mongodb';
import type {
  LanguageCode,
  ReviewDecisionBody,
  ReviewKind,
  ReviewNextReply,
  ReviewRejectReason,
  ReviewVerdictBody,
  ReviewVerdictReply,
  SentenceDomain,
  SentenceStatus,
} from '@platform/contracts';
import { HttpError, isDuplicateKey, recordActivity, refuseOwnContribution } from '@platform/service-kit';
import { ITEM_KINDS, itemLanguage } from '../activity/text-activity';
import { countDecision, countReason } from '../analytics/store';
import { SENTENCES, type SentenceDoc, type SequenceWriter } from '../sentences/store';
import type { Sequencer } from '../text-pairs/pair-sequence';
import { textPairs, type TextPairDoc } from '../text-pairs/store';
import { DECIDED_EXPR, decisionOf, type Decision } from './decision';

export const REVIEW_JUDGEMENTS = 'review_judgements';
export const REVIEW_DECISIONS = 'review_decisions';

/**
 * A written sentence as Review sees it. Write stores the author, domains and counts; Review keeps the counts,
 * `reviews` (approvals + rejections) and `judgedBy`. Missing counts read as 0; seeded sentences have none
 * and are validated from the start.
 */
export type ReviewableSentenceDoc = SentenceDoc & {
  /** Write's duplicate key. */
  key?: string;
  authorId?: string;
  domains?: SentenceDomain[];
  approvals?: number;
  rejections?: number;
  reviews?: number;
  skips?: number;
  judgedBy?: string[];
  decidedAt?: Date;
  decidedBy?: { userId: string; at: Date };
};

/** One person's verdict on one item: unique per (kind, itemId, userId). */
export interface ReviewJudgementDoc {
  _id?: ObjectId;
  kind: ReviewKind;
  itemId: ObjectId;
  userId: string;
  verdict: ReviewVerdictBody['verdict'];
  reason?: ReviewRejectReason;
  at: Date;
}

/** An admin's direct decision, kept apart from the judgements it overrode. */
export interface ReviewDecisionDoc {
  _id?: ObjectId;
  kind: ReviewKind;
  itemId: ObjectId;
  adminId: string;
  status: ReviewDecisionBody['status'];
  reason?: ReviewRejectReason;
  at: Date;
}

export interface ReviewContext {
  db: Db;
  /** The sentences' change sequence (the speech service's sync follows it). */
  sentenceWriter: SequenceWriter;
  /** The text pairs' change sequence. */
  pairWriter: Sequencer;
}

/** The fields both kinds share, for the queries that do not care which kind it is. */
interface ReviewableFields {
  _id?: ObjectId;
  authorId?: string;
  status: SentenceStatus;
  approvals?: number;
  rejections?: number;
  reviews?: number;
  skips?: number;
  judgedBy?: string[];
  decidedBy?: { userId: string; at: Date };
  decidedAt?: Date;
  /** Sentences only: pairs are English–Yoruba. */
  language?: LanguageCode;
  createdAt: Date;
  seq?: number;
}

const itemsOf = (db: Db, kind: ReviewKind): Collection<ReviewableFields> =>
  kind === 'sentence'
    ? db.collection<ReviewableFields>(SENTENCES)
    : (textPairs(db) as unknown as Collection<ReviewableFields>);

export const judgements = (db: Db) => db.collection<ReviewJudgementDoc>(REVIEW_JUDGEMENTS);
export const decisions = (db: Db) => db.collection<ReviewDecisionDoc>(REVIEW_DECISIONS);

/**
 * Settles a pending item as decided, dated `at`, with a fresh change sequence number, and counts the decision
 * under the item's author ('sentences.approved'/'sentences.rejected', 'pairs.approved'/'pairs.rejected',
 * dated at the decision) and in the day's quality figures (analytics/quality-counts.ts). The update only applies to an item still pending, so of two settlements racing for
 * the same item (the judgement that reached the rule and a look-up finishing it after a stop) exactly one
 * changes it and counts it.
 */
async function settle(
  ctx: ReviewContext,
  kind: ReviewKind,
  item: Pick<ReviewableFields, '_id' | 'authorId' | 'language'>,
  status: Decision,
  at: Date,
): Promise<void> {
  const writer = kind === 'sentence' ? ctx.sentenceWriter : ctx.pairWriter;
  const settled = await writer.withSequence(1, (seq) =>
    itemsOf(ctx.db, kind).findOneAndUpdate(
      { _id: item._id!, status: 'pending' },
      { $set: { status, seq, decidedAt: at } },
      { returnDocument: 'after', projection: { approvals: 1, rejections: 1 } },
    ),
  );
  if (!settled) return;
  // The item's counts are final: no judgement lands on a decided item (openFilter).
  await countDecision(ctx.db, { status, approvals: settled.approvals, rejections: settled.rejections }, at);
  if (!item.authorId) return;
  const kinds = ITEM_KINDS[kind];
  await recordActivity(ctx.db, [
    {
      kind: status === 'validated' ? kinds.approved : kinds.rejected,
      userId: item.authorId,
      language: itemLanguage(kind, item.language),
      at,
    },
  ]);
}

const itemId = (id: string) => {
  if (id.length !== 24 || !ObjectId.isValid(id)) throw new HttpError(404, 'review.unknown');
  return new ObjectId(id);
};

/** Still open to judgements: pending, not decided by an admin, and not already decided by its counts. */
const openFilter = (_id: ObjectId): Filter<ReviewableFields> => ({
  _id,
  status: 'pending',
  decidedBy: { $exists: false },
  $expr: { $not: [DECIDED_EXPR] },
});

/**
 * The sort of the queue: least-reviewed first, then least-skipped, then oldest. Served by the indexes
 * `review_queue_author` and `review_queue_language_author` (status, [language,] reviews, skips, createdAt,
 * authorId): the scan walks the queue in order, drops the person's own items on the index key's authorId
 * without reading them (a run of them it jumps over, on the companion indexes `author_review_queue*`), and
 * reads documents only to check `judgedBy` until it finds one this person has not
 * judged. Every judgement (a skip too) moves its item out of the front bucket (no reviews, no skips), which
 * therefore never holds an item the person judged: however many items a person has judged or written, the
 * next item costs one document read when the front bucket has one for them.
 */
const QUEUE_SORT = { reviews: 1, skips: 1, createdAt: 1 } as const;

const SENTENCE_FIELDS = { text: 1, language: 1, citation: 1, domains: 1, approvals: 1, rejections: 1 };
const PAIR_FIELDS = {
  source_lang_text: 1,
  target_lang_text: 1,
  text_category: 1,
  approvals: 1,
  rejections: 1,
};

/** The read of the queue for one person: the find nextItem runs (tests explain it). */
export function queueRead(db: Db, kind: ReviewKind, userId: string, lang?: LanguageCode) {
  const filter: Filter<Document> = {
    status: 'pending',
    ...(kind === 'sentence' && lang ? { language: lang } : {}),
    authorId: { $ne: userId },
    judgedBy: { $ne: userId },
    decidedBy: { $exists: false },
  };
  return itemsOf(db, kind)
    .find(filter, { sort: QUEUE_SORT, limit: 1 })
    .project<Document>(kind === 'sentence' ? SENTENCE_FIELDS : PAIR_FIELDS);
}

export async function nextItem(
  db: Db,
  kind: ReviewKind,
  userId: string,
  lang?: LanguageCode,
): Promise<ReviewNextReply['item']> {
  const found = await queueRead(db, kind, userId, lang).next();
  if (!found) return null;
  if (kind === 'sentence') {
    const doc = found as ReviewableSentenceDoc;
    return {
      kind: 'sentence',
      id: doc._id!.toHexString(),
      text: doc.text,
      language: doc.language,
      citation: doc.citation,
      domains: doc.domains ?? [],
      approvals: doc.approvals ?? 0,
      rejections: doc.rejections ?? 0,
    };
  }
  const doc = found as TextPairDoc;
  return {
    kind: 'pair',
    id: doc._id!.toHexString(),
    source_lang_text: doc.source_lang_text,
    target_lang_text: doc.target_lang_text,
    text_category: doc.text_category,
    approvals: doc.approvals ?? 0,
    rejections: doc.rejections ?? 0,
  };
}

const replyOf = (id: ObjectId, doc: ReviewableFields, status: SentenceStatus): ReviewVerdictReply => ({
  id: id.toHexString(),
  status,
  approvals: doc.approvals ?? 0,
  rejections: doc.rejections ?? 0,
});

/**
 * Looks an item up for a judgement or a decision: 404 unknown, 409 decided. An item whose counts already
 * decide it while its status is still pending (a stop between the two writes) is finished here.
 */
async function openItem(ctx: ReviewContext, kind: ReviewKind, _id: ObjectId) {
  const item = await itemsOf(ctx.db, kind).findOne(
    { _id },
    { projection: { authorId: 1, language: 1, status: 1, approvals: 1, rejections: 1, decidedBy: 1 } },
  );
  if (!item) throw new HttpError(404, 'review.unknown');
  if (item.status !== 'pending' || item.decidedBy) throw new HttpError(409, 'review.decided');
  const decided = decisionOf(item.approvals ?? 0, item.rejections ?? 0);
  if (decided) {
    await settle(ctx, kind, item, decided, new Date());
    throw new HttpError(409, 'review.decided');
  }
  return item;
}

/**
 * One person's approve, reject or skip. The judgement is stored first under its unique index (a second one
 * from the same person is 409), then counted with one atomic update guarded by "still open", so concurrent
 * judgements are counted exactly and none lands on a decided item; the judgement that reaches the rule
 * changes the item's status through its change sequence.
 */
export async function judge(
  ctx: ReviewContext,
  kind: ReviewKind,
  id: string,
  userId: string,
  body: ReviewVerdictBody,
): Promise<ReviewVerdictReply> {
  if (body.reason && body.verdict !== 'reject') throw new HttpError(400, 'review.reason_without_reject');
  const _id = itemId(id);
  const item = await openItem(ctx, kind, _id);
  refuseOwnContribution(item.authorId, userId);

  const judgement: ReviewJudgementDoc = {
    kind,
    itemId: _id,
    userId,
    verdict: body.verdict,
    ...(body.reason ? { reason: body.reason } : {}),
    at: new Date(),
  };
  let judgementId: ObjectId;
  try {
    judgementId = (await judgements(ctx.db).insertOne(judgement)).insertedId;
  } catch (err) {
    if (isDuplicateKey(err)) throw new HttpError(409, 'review.already_judged');
    throw err;
  }

  const inc =
    body.verdict === 'approve'
      ? { approvals: 1, reviews: 1 }
      : body.verdict === 'reject'
        ? { rejections: 1, reviews: 1 }
        : { skips: 1 };
  const updated = await itemsOf(ctx.db, kind).findOneAndUpdate(
    openFilter(_id),
    { $inc: inc, $addToSet: { judgedBy: userId } },
    { returnDocument: 'after', projection: { approvals: 1, rejections: 1, status: 1 } },
  );
  if (!updated) {
    // Decided between the look-up and the count: this judgement came too late and is not kept.
    await judgements(ctx.db).deleteOne({ _id: judgementId });
    throw new HttpError(409, 'review.decided');
  }
  // The judgement counts once it is counted on the item: a skip is not a review, a late one was taken back above.
  if (body.verdict !== 'skip') {
    await recordActivity(ctx.db, [
      { kind: 'reviews.given', userId, language: itemLanguage(kind, item.language), at: judgement.at },
    ]);
  }
  if (judgement.reason) await countReason(ctx.db, judgement.reason, judgement.at);
  const decided = decisionOf(updated.approvals ?? 0, updated.rejections ?? 0);
  if (decided) await settle(ctx, kind, item, decided, judgement.at);
  return replyOf(_id, updated, decided ?? updated.status);
}

/**
 * An admin decides a pending item directly; recorded as such on the item and in review_decisions. An admin's
 * own item waits for other people like anyone else's.
 */
export async function decideDirectly(
  ctx: ReviewContext,
  kind: ReviewKind,
  id: string,
  adminId: string,
  body: ReviewDecisionBody,
): Promise<ReviewVerdictReply> {
  if (body.reason && body.status !== 'rejected') throw new HttpError(400, 'review.reason_without_reject');
  const _id = itemId(id);
  const item = await openItem(ctx, kind, _id);
  refuseOwnContribution(item.authorId, adminId);
  const at = new Date();
  const claimed = await itemsOf(ctx.db, kind).findOneAndUpdate(
    openFilter(_id),
    { $set: { decidedBy: { userId: adminId, at } } },
    { returnDocument: 'after', projection: { approvals: 1, rejections: 1 } },
  );
  if (!claimed) throw new HttpError(409, 'review.decided');
  await settle(ctx, kind, item, body.status, at);
  await decisions(ctx.db).insertOne({
    kind,
    itemId: _id,
    adminId,
    status: body.status,
    ...(body.reason ? { reason: body.reason } : {}),
    at,
  });
  return replyOf(_id, claimed, body.status);
}

/** Review's store, built once per app (stores.ts): the queue, a person's judgement, an admin's decision. */
export function reviewStore(db: Db, sequences: { sentences: SequenceWriter; pairs: Sequencer }) {
  const context: ReviewContext = { db, sentenceWriter: sequences.sentences, pairWriter: sequences.pairs };
  return {
    next: (kind: ReviewKind, userId: string, lang?: LanguageCode) => nextItem(db, kind, userId, lang),
    judge: (kind: ReviewKind, id: string, userId: string, body: ReviewVerdictBody) =>
      judge(context, kind, id, userId, body),
    decide: (kind: ReviewKind, id: string, adminId: string, body: ReviewDecisionBody) =>
      decideDirectly(context, kind, id, adminId, body),
  };
}

export type ReviewStore = ReturnType<typeof reviewStore>;
