import { Type, type Static } from '@sinclair/typebox';
import {
  CITATION_MAX_LENGTH,
  DEFAULT_ROUND_SIZE,
  DOMAIN_MAX_LENGTH,
  MAX_ROUND_SIZE,
  SENTENCE_BATCH_MAX,
  SENTENCE_MAX_LENGTH,
} from './limits';
import { LanguageCode } from './languages';
import { Id, NonEmptyText, StrictObject } from './schema-helpers';

/** GET /api/sentences?lang=yo&count=5 */
export const SentenceRoundQuery = StrictObject({
  lang: Type.Optional(LanguageCode),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ROUND_SIZE, default: DEFAULT_ROUND_SIZE })),
});
export type SentenceRoundQuery = Static<typeof SentenceRoundQuery>;

export const SentenceToRecord = StrictObject({
  id: Id,
  text: Type.String(),
  lang: Type.Optional(LanguageCode),
});
export type SentenceToRecord = Static<typeof SentenceToRecord>;
export const SentenceRound = Type.Array(SentenceToRecord);
export type SentenceRound = Static<typeof SentenceRound>;

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
