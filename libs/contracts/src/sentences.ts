import { Type, type Static } from '@sinclair/typebox';
import {
  CITATION_MAX_LENGTH,
  DEFAULT_ROUND_SIZE,
  DOMAIN_MAX_LENGTH,
  SENTENCE_BATCH_MAX,
  SENTENCE_MAX_LENGTH,
} from './limits';
import { LanguageCode } from './languages';
import { Id, NonEmptyText, StrictObject } from './schema-helpers';

/** Ours: the most sentences one round request may ask for (count 1-20). */
export const ROUND_MAX_SIZE = 20;

/** GET /api/sentences?lang=yo&count=5; lang defaults to the person's remembered language, else yo. */
export const SentenceRoundQuery = StrictObject({
  lang: Type.Optional(LanguageCode),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: ROUND_MAX_SIZE, default: DEFAULT_ROUND_SIZE })),
});
export type SentenceRoundQuery = Static<typeof SentenceRoundQuery>;

export const SentenceToRecord = StrictObject({
  id: Id,
  text: Type.String(),
  language: LanguageCode,
});
export type SentenceToRecord = Static<typeof SentenceToRecord>;
export const SentenceRound = Type.Array(SentenceToRecord);
export type SentenceRound = Static<typeof SentenceRound>;

export const SentenceIdParams = StrictObject({ id: Id });
export type SentenceIdParams = Static<typeof SentenceIdParams>;

/** Ours: the free text that comes with a report whose reason is 'other'. */
export const REPORT_DETAILS_MAX_LENGTH = 500;
export const REPORT_DETAILS_REQUIRED_MESSAGE = 'Please describe the problem.';

export const SENTENCE_REPORT_REASONS = [
  'offensive',
  'grammar',
  'wrong-language',
  'hard-to-pronounce',
  'other',
] as const;
export const SentenceReportReason = Type.Union(SENTENCE_REPORT_REASONS.map((r) => Type.Literal(r)));
export type SentenceReportReason = Static<typeof SentenceReportReason>;

/** POST /api/sentences/{id}/report; details are required when the reason is 'other'. */
export const SentenceReportBody = StrictObject({
  reason: SentenceReportReason,
  details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
});
export type SentenceReportBody = Static<typeof SentenceReportBody>;

/** The answer to a skip or a report (of a sentence or a recording): it is remembered for the person. */
export const MarkReply = StrictObject({ id: Id, ok: Type.Literal(true) });
export type MarkReply = Static<typeof MarkReply>;

/** Where a sentence came from: the starter set, or the Write screen (a later issue). */
export const SentenceSource = Type.Union([Type.Literal('seed'), Type.Literal('write')]);
export type SentenceSource = Static<typeof SentenceSource>;

/** Only 'validated' sentences may be recorded. */
export const SENTENCE_STATUSES = ['pending', 'validated', 'rejected'] as const;
export const SentenceStatus = Type.Union(SENTENCE_STATUSES.map((s) => Type.Literal(s)));
export type SentenceStatus = Static<typeof SentenceStatus>;

/** Internal, text -> speech: GET /internal/sentences/changes?after=<seq>&limit=N */
export const SENTENCE_CHANGES_MAX_LIMIT = 1000;
export const SentenceChangesQuery = StrictObject({
  after: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: SENTENCE_CHANGES_MAX_LIMIT, default: 500 }),
});
export type SentenceChangesQuery = Static<typeof SentenceChangesQuery>;
export const SentenceChange = StrictObject({
  id: Id,
  text: Type.String(),
  language: LanguageCode,
  status: SentenceStatus,
  /** The change sequence: every insert or status change takes the next number. */
  seq: Type.Integer({ minimum: 1 }),
});
export type SentenceChange = Static<typeof SentenceChange>;
export const SentenceChangesReply = StrictObject({
  items: Type.Array(SentenceChange),
  /** The cursor to send as `after` next time (the last item's seq, or `after` when there were none). */
  last: Type.Integer({ minimum: 0 }),
});
export type SentenceChangesReply = Static<typeof SentenceChangesReply>;

/** Internal, speech -> text: POST /internal/sentences/{id}/flags, a person's report for the owner to review. */
export const SentenceFlagBody = StrictObject({
  reason: SentenceReportReason,
  details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
  reporterId: Id,
  reportedAt: Type.String({ format: 'date-time' }),
});
export type SentenceFlagBody = Static<typeof SentenceFlagBody>;
export const SentenceFlagReply = StrictObject({ id: Id, flags: Type.Integer({ minimum: 0 }) });
export type SentenceFlagReply = Static<typeof SentenceFlagReply>;

const Citation = NonEmptyText(CITATION_MAX_LENGTH);
const Domain = NonEmptyText(DOMAIN_MAX_LENGTH);
const SentenceText = NonEmptyText(SENTENCE_MAX_LENGTH);

/** POST /api/sentences (Write, single) */
export const SentenceSubmitBody = StrictObject({ text: SentenceText, citation: Citation, domain: Domain });
export type SentenceSubmitBody = Static<typeof SentenceSubmitBody>;

/** POST /api/sentences/batch (Write, batch; blank lines are dropped by the client) */
export const SentenceBatchBody = StrictObject({
  sentences: Type.Array(SentenceText, { minItems: 1, maxItems: SENTENCE_BATCH_MAX }),
  citation: Citation,
  domain: Domain,
});
export type SentenceBatchBody = Static<typeof SentenceBatchBody>;

/** POST /api/sentences/bulk is multipart: a `file` part (TXT or CSV, at most 2 MB) plus these fields. */
export const SentenceBulkFields = StrictObject({ citation: Citation, domain: Domain });
export type SentenceBulkFields = Static<typeof SentenceBulkFields>;

/** The answer to every sentence submission: how many sentences were taken in. */
export const SentenceSubmitReply = StrictObject({ accepted: Type.Integer({ minimum: 0 }) });
export type SentenceSubmitReply = Static<typeof SentenceSubmitReply>;
