import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../errors';
import { defineRoute } from '../route';
import { CITATION_MAX_LENGTH, DOMAIN_MAX_LENGTH, SENTENCE_BULK_FILE_MAX_BYTES } from '../limits';
import {
  MarkReply,
  SentenceBatchBody,
  SentenceBulkFields,
  SentenceChangesQuery,
  SentenceChangesReply,
  SentenceFlagBody,
  SentenceFlagReply,
  SentenceIdParams,
  SentenceReportBody,
  SentenceRound,
  SentenceRoundQuery,
  SentenceLinesRefusal,
  SentenceLinesReply,
  SentenceSubmitBody,
  SentenceWritten,
} from '../sentences';
import { SENTENCE_BULK_FILE_FIELD } from '../vocabularies';

const tag = 'sentences';

/** A batch or file refused as a whole: the per-line outcomes (422), or a plain ErrorBody (400, 413, 415). */
const SentenceLinesErrorBody = Type.Union([SentenceLinesRefusal, ErrorBody]);

/*
 * Sentences are split by what is done with them: the round, skips and reports are Speak's (the speech
 * service keeps the recordable copy and each person's marks); writing sentences is Write's (text service).
 */

/** Speak: the round of sentences to record, in `lang` or else the language the person last saved. */
export const getSentenceRound = defineRoute({
  name: 'getSentenceRound',
  method: 'GET',
  path: '/api/sentences',
  owner: 'speech',
  access: 'signedIn',
  summary: 'A round of sentences to record',
  tag,
  query: SentenceRoundQuery,
  reply: { 200: SentenceRound },
});

export const postSentenceSkip = defineRoute({
  name: 'postSentenceSkip',
  method: 'POST',
  path: '/api/sentences/:id/skip',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Skip a sentence (it is not offered to this person again)',
  tag,
  params: SentenceIdParams,
  idempotent: true,
  reply: { 200: MarkReply },
  errors: [404],
});

export const postSentenceReport = defineRoute({
  name: 'postSentenceReport',
  method: 'POST',
  path: '/api/sentences/:id/report',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Report a sentence (passed on to the text service)',
  tag,
  params: SentenceIdParams,
  body: SentenceReportBody,
  idempotent: true,
  reply: { 200: MarkReply },
  errors: [404],
});

/** Write, one sentence. */
export const postSentence = defineRoute({
  name: 'postSentence',
  method: 'POST',
  path: '/api/sentences',
  owner: 'text',
  access: 'signedIn',
  summary: 'Write a sentence (it waits for review)',
  tag,
  body: SentenceSubmitBody,
  idempotent: true,
  reply: { 201: SentenceWritten },
  errors: [409],
});

/** Write, several sentences with one citation. */
export const postSentenceBatch = defineRoute({
  name: 'postSentenceBatch',
  method: 'POST',
  path: '/api/sentences/batch',
  owner: 'text',
  access: 'signedIn',
  summary: 'Write several sentences; the answer tells each line’s outcome',
  tag,
  body: SentenceBatchBody,
  idempotent: true,
  reply: { 201: SentenceLinesReply },
  errors: [422],
  errorBody: SentenceLinesErrorBody,
});

/** Write, a TXT or CSV file of sentences. */
export const postSentenceBulk = defineRoute({
  name: 'postSentenceBulk',
  method: 'POST',
  path: '/api/sentences/bulk',
  owner: 'text',
  access: 'signedIn',
  summary: 'Upload a file of sentences; the answer tells each line’s outcome',
  tag,
  multipart: {
    files: [SENTENCE_BULK_FILE_FIELD],
    fields: SentenceBulkFields,
    maxFileBytes: SENTENCE_BULK_FILE_MAX_BYTES,
    // A character may take four bytes.
    maxFieldBytes: Math.max(CITATION_MAX_LENGTH, DOMAIN_MAX_LENGTH) * 4,
    refusals: { tooLarge: 'sentence.file_too_large' },
  },
  idempotent: true,
  reply: { 201: SentenceLinesReply },
  errors: [413, 415, 422],
  errorBody: SentenceLinesErrorBody,
});

/** Internal, text -> speech: the change cursor the speech service keeps its recordable copy with. */
export const getInternalSentenceChanges = defineRoute({
  name: 'getInternalSentenceChanges',
  method: 'GET',
  path: '/internal/sentences/changes',
  owner: 'text',
  access: 'service',
  summary: 'Sentence changes after a sequence number',
  tag: 'internal',
  query: SentenceChangesQuery,
  reply: { 200: SentenceChangesReply },
});

/** Internal, speech -> text: a person's report of a sentence, for the owner to review. */
export const postInternalSentenceFlag = defineRoute({
  name: 'postInternalSentenceFlag',
  method: 'POST',
  path: '/internal/sentences/:id/flags',
  owner: 'text',
  access: 'service',
  summary: 'Pass a sentence report on to the text service',
  tag: 'internal',
  params: SentenceIdParams,
  body: SentenceFlagBody,
  reply: { 201: SentenceFlagReply },
  errors: [404],
});
