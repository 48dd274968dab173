import { Type, type Static } from '@sinclair/typebox';
import { Id, StrictObject } from './schema-helpers';

/** GET /api/recordings/validate: one batch of recordings for this person to judge. */
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
export const VoteReply = StrictObject({ id: Id, status: RecordingStatus });
export type VoteReply = Static<typeof VoteReply>;

/** POST /api/recordings is multipart: an `audio` file part plus these fields. */
export const RECORDING_FILE_FIELD = 'audio';
export const RecordingUploadFields = StrictObject({ sentenceId: Id });
export type RecordingUploadFields = Static<typeof RecordingUploadFields>;
export const RecordingUploadReply = StrictObject({ id: Id, sentenceId: Id, status: RecordingStatus });
export type RecordingUploadReply = Static<typeof RecordingUploadReply>;
