import { Type, type Static } from '@sinclair/typebox';
import { RECORDING_REPORT_REASONS, REPORT_DETAILS_MAX_LENGTH } from './vocabularies';
import { Id, StrictObject } from './schema-helpers';
import { RECORDING_MESSAGES } from './messages';

/** Ours: the most recordings one Listen batch may ask for. */
export const VALIDATE_BATCH_MAX_SIZE = 20;
export const DEFAULT_VALIDATE_BATCH_SIZE = 10;

/** GET /api/recordings/validate?count=N */
export const ValidateBatchQuery = StrictObject({
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: VALIDATE_BATCH_MAX_SIZE, default: DEFAULT_VALIDATE_BATCH_SIZE }),
  ),
});
export type ValidateBatchQuery = Static<typeof ValidateBatchQuery>;

/** One recording for this person to judge; audioUrl is `/audio/<recording id>.<webm|ogg|wav>`. */
export const RecordingToValidate = StrictObject({ id: Id, sentence: Type.String(), audioUrl: Type.String() });
export type RecordingToValidate = Static<typeof RecordingToValidate>;
export const RecordingsToValidate = Type.Array(RecordingToValidate);
export type RecordingsToValidate = Static<typeof RecordingsToValidate>;

/** POST /api/recordings/{id}/validate */
export const RecordingIdParams = StrictObject({ id: Id });
export type RecordingIdParams = Static<typeof RecordingIdParams>;
export const VoteBody = StrictObject({ isValid: Type.Boolean() });
export type VoteBody = Static<typeof VoteBody>;

export const RecordingStatus = Type.Union([
  Type.Literal('undecided'),
  Type.Literal('validated'),
  Type.Literal('invalidated'),
]);
export type RecordingStatus = Static<typeof RecordingStatus>;

/** Votes needed on one side (and more than the other side) to decide a recording. */
export const VOTES_TO_DECIDE = 2;

/**
 * The rule: validated with at least 2 YES and more YES than NO, invalidated with at least 2 NO and
 * more NO than YES, else undecided.
 */
export function recordingStatusFor(yes: number, no: number): RecordingStatus {
  if (yes >= VOTES_TO_DECIDE && yes > no) return 'validated';
  if (no >= VOTES_TO_DECIDE && no > yes) return 'invalidated';
  return 'undecided';
}

const Count = Type.Integer({ minimum: 0 });
/** The answer to a vote (POST) and to undoing one (DELETE /api/recordings/{id}/validate). */
export const VoteReply = StrictObject({ id: Id, status: RecordingStatus, yes: Count, no: Count });
export type VoteReply = Static<typeof VoteReply>;

export const RecordingReportReason = Type.Union(RECORDING_REPORT_REASONS.map((r) => Type.Literal(r)));
export type RecordingReportReason = Static<typeof RecordingReportReason>;
/** POST /api/recordings/{id}/report; details are required when the reason is 'other'. */
export const RecordingReportBody = StrictObject({
  reason: RecordingReportReason,
  details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
});
export type RecordingReportBody = Static<typeof RecordingReportBody>;

/** POST /api/recordings is multipart: a RECORDING_FILE_FIELD file part plus these fields (in either order). */
export const RecordingUploadFields = StrictObject({ sentenceId: Id });
export type RecordingUploadFields = Static<typeof RecordingUploadFields>;
export const RecordingUploadReply = StrictObject({
  id: Id,
  status: RecordingStatus,
  /** Measured on the server from the decoded audio. */
  durationSeconds: Type.Number({ minimum: 0 }),
});
export type RecordingUploadReply = Static<typeof RecordingUploadReply>;

export { RECORDING_MESSAGES };
