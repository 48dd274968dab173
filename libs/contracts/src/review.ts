import { Type, type Static } from '@sinclair/typebox';
import { LanguageCode } from './languages';
import { SentenceDomain, SentenceStatus } from './sentences';
import { TextCategory } from './text-pairs';
import { Id, StrictObject } from './schema-helpers';
import { REVIEW_KINDS, REVIEW_REJECT_REASONS } from './vocabularies';

/** What Review offers: written sentences, or English–Yoruba text pairs. */
export const ReviewKind = Type.Union(REVIEW_KINDS.map((k) => Type.Literal(k)));
export type ReviewKind = Static<typeof ReviewKind>;

export const ReviewRejectReason = Type.Union(REVIEW_REJECT_REASONS.map((r) => Type.Literal(r)));
export type ReviewRejectReason = Static<typeof ReviewRejectReason>;

/** GET /api/review/next?kind=sentence&lang=yo: the next pending item this person may judge. */
export const ReviewNextQuery = StrictObject({
  kind: ReviewKind,
  /** Sentences only: the language to review in (any language when absent). */
  lang: Type.Optional(LanguageCode),
});
export type ReviewNextQuery = Static<typeof ReviewNextQuery>;

export const ReviewSentence = StrictObject({
  kind: Type.Literal('sentence'),
  id: Id,
  text: Type.String(),
  language: LanguageCode,
  citation: Type.String(),
  domains: Type.Array(SentenceDomain),
  approvals: Type.Integer({ minimum: 0 }),
  rejections: Type.Integer({ minimum: 0 }),
});
export type ReviewSentence = Static<typeof ReviewSentence>;

export const ReviewPair = StrictObject({
  kind: Type.Literal('pair'),
  id: Id,
  source_lang_text: Type.String(),
  target_lang_text: Type.String(),
  text_category: TextCategory,
  approvals: Type.Integer({ minimum: 0 }),
  rejections: Type.Integer({ minimum: 0 }),
});
export type ReviewPair = Static<typeof ReviewPair>;

/** `item` is null when nothing is left for this person to review. */
export const ReviewNextReply = StrictObject({
  item: Type.Union([ReviewSentence, ReviewPair, Type.Null()]),
});
export type ReviewNextReply = Static<typeof ReviewNextReply>;

export const ReviewItemParams = StrictObject({ kind: ReviewKind, id: Id });
export type ReviewItemParams = Static<typeof ReviewItemParams>;

/** POST /api/review/:kind/:id. A reason only with a rejection; a skip is remembered and never offered again. */
export const ReviewVerdictBody = StrictObject({
  verdict: Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('skip')]),
  reason: Type.Optional(ReviewRejectReason),
});
export type ReviewVerdictBody = Static<typeof ReviewVerdictBody>;

/** The item after the judgement: still pending, or decided by it. */
export const ReviewVerdictReply = StrictObject({
  id: Id,
  status: SentenceStatus,
  approvals: Type.Integer({ minimum: 0 }),
  rejections: Type.Integer({ minimum: 0 }),
});
export type ReviewVerdictReply = Static<typeof ReviewVerdictReply>;

/** POST /api/review/:kind/:id/decision (admins): decide a pending item directly, recorded as such. */
export const ReviewDecisionBody = StrictObject({
  status: Type.Union([Type.Literal('validated'), Type.Literal('rejected')]),
  reason: Type.Optional(ReviewRejectReason),
});
export type ReviewDecisionBody = Static<typeof ReviewDecisionBody>;
