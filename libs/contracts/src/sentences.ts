import { Type, type Static } from '@sinclair/typebox';
import {
  CITATION_MAX_LENGTH,
  DEFAULT_ROUND_SIZE,
  DOMAIN_MAX_LENGTH,
  SENTENCE_BATCH_MAX,
  SENTENCE_MAX_LENGTH,
} from './limits';
import { LanguageCode } from './languages';
import { ErrorBodyProperties, RefusalProperties } from './errors';
import { Id, StrictObject } from './schema-helpers';
import { REPORT_DETAILS_REQUIRED_MESSAGE } from './messages';
import {
  REPORT_DETAILS_MAX_LENGTH,
  SENTENCE_DOMAINS,
  SENTENCE_REPORT_REASONS,
  SENTENCE_STATUSES,
} from './vocabularies';

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

export { REPORT_DETAILS_REQUIRED_MESSAGE };

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

/** Where a sentence came from: the starter set, or the Write screen. */
export const SentenceSource = Type.Union([Type.Literal('seed'), Type.Literal('write')]);
export type SentenceSource = Static<typeof SentenceSource>;

export const SentenceDomain = Type.Union(SENTENCE_DOMAINS.map((d) => Type.Literal(d)));
export type SentenceDomain = Static<typeof SentenceDomain>;

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
  /** The writer's domains (none for the starter set); optional so an older sender still validates. */
  domains: Type.Optional(
    Type.Array(SentenceDomain, { maxItems: SENTENCE_DOMAINS.length, uniqueItems: true }),
  ),
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

/*
 * Blank text, a blank citation, too many domains and an unconfirmed licence are refused by the text service
 * with their own error codes (the schemas only bound sizes), so each reaches the screen as its own sentence.
 */
const Citation = Type.String({ maxLength: CITATION_MAX_LENGTH });
const Domains = Type.Array(SentenceDomain, { maxItems: SENTENCE_DOMAINS.length, uniqueItems: true });
const SentenceText = Type.String({ maxLength: SENTENCE_MAX_LENGTH });
/** The writer confirms the text is in the public domain (CC0) or their own work, released under CC0. */
const Cc0Confirmed = Type.Boolean();

/** POST /api/sentences (Write, single) */
export const SentenceSubmitBody = StrictObject({
  text: SentenceText,
  citation: Citation,
  domain: Domains,
  lang: LanguageCode,
  cc0Confirmed: Cc0Confirmed,
});
export type SentenceSubmitBody = Static<typeof SentenceSubmitBody>;

/** Bounds the request; the rule (SENTENCE_BATCH_MAX non-blank lines) is the service's, with its own code. */
const SENTENCE_BATCH_ARRAY_MAX = SENTENCE_BATCH_MAX * 10;

/** POST /api/sentences/batch (Write, batch) */
export const SentenceBatchBody = StrictObject({
  /** Blank lines are allowed and skipped; more than SENTENCE_BATCH_MAX others is `sentence.batch_too_many`. */
  sentences: Type.Array(SentenceText, { maxItems: SENTENCE_BATCH_ARRAY_MAX }),
  citation: Citation,
  domain: Domains,
  lang: LanguageCode,
  cc0Confirmed: Cc0Confirmed,
});
export type SentenceBatchBody = Static<typeof SentenceBatchBody>;

/**
 * POST /api/sentences/bulk is multipart: these fields first, then the `file` part (UTF-8 .txt, one sentence
 * a line, or .csv whose first column holds the sentences; at most 2 MB). `domain` is the domains joined by
 * commas (a multipart field is text).
 */
export const SentenceBulkFields = StrictObject({
  citation: Citation,
  domain: Type.Optional(Type.String({ maxLength: DOMAIN_MAX_LENGTH })),
  lang: LanguageCode,
  cc0Confirmed: Type.Union([Type.Literal('true'), Type.Literal('false')]),
});
export type SentenceBulkFields = Static<typeof SentenceBulkFields>;

/** A single sentence taken in: it waits for review before anyone may record it. */
export const SentenceWritten = StrictObject({
  id: Id,
  text: Type.String({ description: 'As stored: NFC, whitespace collapsed' }),
  language: LanguageCode,
  status: SentenceStatus,
});
export type SentenceWritten = Static<typeof SentenceWritten>;

/**
 * The outcome of one line of a batch or a file: taken in, or refused with an error code and its message (as
 * an error body gives them).
 */
export const SentenceLineOutcome = StrictObject({
  /** 1-based: the line of the batch (blank lines counted) or of the file (a CSV header is line 1). */
  line: Type.Integer({ minimum: 1 }),
  text: Type.String(),
  accepted: Type.Boolean(),
  /** Why it was refused (an ErrorCode such as `sentence.needs_tone_marks`); absent when accepted. */
  code: Type.Optional(RefusalProperties.code),
  /** The code's English message; absent when accepted. */
  message: Type.Optional(RefusalProperties.message),
});
export type SentenceLineOutcome = Static<typeof SentenceLineOutcome>;

const SentenceLinesProperties = {
  accepted: Type.Integer({ minimum: 0 }),
  refused: Type.Integer({ minimum: 0 }),
  /** Every non-blank line, in order. */
  lines: Type.Array(SentenceLineOutcome),
};

/** The answer to a batch or a file with at least one sentence taken in. */
export const SentenceLinesReply = StrictObject(SentenceLinesProperties);
export type SentenceLinesReply = Static<typeof SentenceLinesReply>;

/** A batch or file of which nothing could be taken in (422 `sentence.none_accepted`): nothing was stored. */
export const SentenceLinesRefusal = StrictObject(
  { ...ErrorBodyProperties, ...SentenceLinesProperties },
  { title: 'SentenceLinesRefusal' },
);
export type SentenceLinesRefusal = Static<typeof SentenceLinesRefusal>;
