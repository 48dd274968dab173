import { Type, type Static } from '@sinclair/typebox';
import { Dialect } from './languages';
import { AUDIO_PAIR_PAGE_SIZE, AUDIO_PAIR_PAGE_SIZE_MAX } from './limits';
import { AUDIO_PAIR_STATUSES, REPORT_DETAILS_MAX_LENGTH, TEXT_PAIR_REPORT_REASONS } from './vocabularies';
import { TextCategory, TextPair } from './text-pairs';
import { Id, StrictObject } from './schema-helpers';

export const AudioPairStatus = Type.Union(AUDIO_PAIR_STATUSES.map((s) => Type.Literal(s)));
export type AudioPairStatus = Static<typeof AudioPairStatus>;

/**
 * POST /api/audio/upload is multipart: WAV parts `source_audio_file` (English) and `target_audio_file`
 * (Yoruba) plus these fields. user_id is the SPEC client's placeholder; the service uses the signed identity.
 */
export const AudioPairUploadFields = StrictObject({
  text_id: Id,
  user_id: Type.Optional(Type.String({ maxLength: 64 })),
  user_dialect: Dialect,
});
export type AudioPairUploadFields = Static<typeof AudioPairUploadFields>;

/** Who decided a pair and when (reviewers and admins). */
export const AudioPairDecision = StrictObject({
  by: Type.String({ description: 'The deciding person’s short pseudonymous id' }),
  at: Type.String({ format: 'date-time' }),
  reason: Type.Optional(Type.String()),
});
export type AudioPairDecision = Static<typeof AudioPairDecision>;

/**
 * An audio pair as listed. `user_id` is a short pseudonymous id of the donor (never a name or an e-mail);
 * the texts are the pair's texts as they were when spoken. The audio paths are played from `/audio/` plus
 * the path without its leading `audio/` segment (SPEC §7): `audio/pairs/<audio_id>-source.wav`.
 */
export const AudioPairRecord = StrictObject({
  audio_id: Id,
  user_id: Type.String(),
  user_dialect: Dialect,
  status: AudioPairStatus,
  text_id: Id,
  source_lang_text: Type.String(),
  target_lang_text: Type.String(),
  text_category: TextCategory,
  source_lang_audio: Type.String(),
  target_lang_audio: Type.String(),
  source_duration_ms: Type.Integer({ minimum: 0 }),
  target_duration_ms: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: 'date-time' }),
  decision: Type.Optional(AudioPairDecision),
});
export type AudioPairRecord = Static<typeof AudioPairRecord>;

export const AudioPairUploadReply = AudioPairRecord;
export type AudioPairUploadReply = AudioPairRecord;

/**
 * GET /api/audio/all?dialect=&status=&page=&pageSize=: filtered and paged on the server. Reviewers and admins
 * see every pair; anyone else sees their own.
 */
export const AudioPairListQuery = StrictObject({
  dialect: Type.Optional(Dialect),
  status: Type.Optional(AudioPairStatus),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: AUDIO_PAIR_PAGE_SIZE_MAX, default: AUDIO_PAIR_PAGE_SIZE }),
  ),
});
export type AudioPairListQuery = Static<typeof AudioPairListQuery>;

export const AudioPairPage = StrictObject({
  items: Type.Array(AudioPairRecord),
  /** Pairs matching the filters, for the pager. */
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type AudioPairPage = Static<typeof AudioPairPage>;

/** Donate: the next approved pair this person has not donated, skipped or reported (fewest donations first). */
export const DonateNextReply = StrictObject({
  pair: Type.Union([TextPair, Type.Null()]),
  /** Pairs this person has donated, and approved pairs in all: 'Contribution N of M'. */
  donated: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type DonateNextReply = Static<typeof DonateNextReply>;

export const TextPairIdParams = StrictObject({ id: Id });
export type TextPairIdParams = Static<typeof TextPairIdParams>;

export const TextPairReportReason = Type.Union(TEXT_PAIR_REPORT_REASONS.map((r) => Type.Literal(r)));
export type TextPairReportReason = Static<typeof TextPairReportReason>;

/** POST /api/audio/pairs/:id/report; details are required when the reason is 'other'. */
export const TextPairReportBody = StrictObject({
  reason: TextPairReportReason,
  details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
});
export type TextPairReportBody = Static<typeof TextPairReportBody>;

/** Internal, speech -> text: a report of a text pair, kept with the pair's flags. */
export const TextPairFlagBody = StrictObject({
  reason: TextPairReportReason,
  details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
  reporterId: Type.String(),
  reportedAt: Type.String({ format: 'date-time' }),
});
export type TextPairFlagBody = Static<typeof TextPairFlagBody>;
export const TextPairFlagReply = StrictObject({ id: Id, flags: Type.Integer({ minimum: 1 }) });
export type TextPairFlagReply = Static<typeof TextPairFlagReply>;

export const AudioPairIdParams = StrictObject({ id: Id });
export type AudioPairIdParams = Static<typeof AudioPairIdParams>;

/** POST /api/audio/:id/decision (reviewers and admins): a pending pair approved or rejected, once. */
export const AudioPairDecisionBody = StrictObject({
  status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
  reason: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
});
export type AudioPairDecisionBody = Static<typeof AudioPairDecisionBody>;

/** `/audio/pairs/<audio_id>-source.wav` or `-target.wav`. */
export const AudioPairFileParams = StrictObject({
  file: Type.String({ pattern: '^[0-9a-f]{24}-(source|target)\\.wav$' }),
});
export type AudioPairFileParams = Static<typeof AudioPairFileParams>;
