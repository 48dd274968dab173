import { RECORDING_MAX_BYTES } from '../limits';
import { defineRoute } from '../route';
import { MarkReply } from '../sentences';
import { RECORDING_FILE_FIELD } from '../vocabularies';
import {
  RecordingIdParams,
  RecordingReportBody,
  RecordingsToValidate,
  RecordingUploadFields,
  RecordingUploadReply,
  ValidateBatchQuery,
  VoteBody,
  VoteReply,
} from '../recordings';

const tag = 'recordings';

/** Speak: one take of a sentence, as multipart (`sentenceId` then the `audio` file). */
export const postRecording = defineRoute({
  name: 'postRecording',
  method: 'POST',
  path: '/api/recordings',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Submit a recording of a sentence',
  tag,
  storesFiles: true,
  multipart: {
    files: [RECORDING_FILE_FIELD],
    fields: RecordingUploadFields,
    maxFileBytes: RECORDING_MAX_BYTES,
    maxFieldBytes: 1024,
    refusals: {
      notMultipart: 'recording.not_multipart',
      tooLarge: 'recording.too_large',
      tooManyFiles: 'recording.one_at_a_time',
      tooManyFields: 'recording.too_many_fields',
      unknownField: 'recording.unknown_field',
      // The only field is the sentence id (at most 64 characters): a longer one names no sentence.
      fieldTooLong: 'sentence.unknown',
    },
  },
  idempotent: true,
  reply: { 201: RecordingUploadReply },
  errors: [409, 413, 415],
});

/** Listen: the batch of other people's recordings to judge. */
export const getRecordingsToValidate = defineRoute({
  name: 'getRecordingsToValidate',
  method: 'GET',
  path: '/api/recordings/validate',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Recordings for this person to judge',
  tag,
  query: ValidateBatchQuery,
  reply: { 200: RecordingsToValidate },
});

export const postRecordingVote = defineRoute({
  name: 'postRecordingVote',
  method: 'POST',
  path: '/api/recordings/:id/validate',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Vote on a recording',
  tag,
  params: RecordingIdParams,
  body: VoteBody,
  idempotent: true,
  reply: { 200: VoteReply },
  errors: [404, 409],
});

export const deleteRecordingVote = defineRoute({
  name: 'deleteRecordingVote',
  method: 'DELETE',
  path: '/api/recordings/:id/validate',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Undo one’s vote on a recording that is still undecided',
  tag,
  params: RecordingIdParams,
  idempotent: true,
  reply: { 200: VoteReply },
  errors: [404, 409],
});

export const postRecordingSkip = defineRoute({
  name: 'postRecordingSkip',
  method: 'POST',
  path: '/api/recordings/:id/skip',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Skip a recording (it is not offered to this person again)',
  tag,
  params: RecordingIdParams,
  idempotent: true,
  reply: { 200: MarkReply },
  errors: [404],
});

export const postRecordingReport = defineRoute({
  name: 'postRecordingReport',
  method: 'POST',
  path: '/api/recordings/:id/report',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Report a recording',
  tag,
  params: RecordingIdParams,
  body: RecordingReportBody,
  idempotent: true,
  reply: { 200: MarkReply },
  errors: [404],
});
