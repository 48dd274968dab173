import { REVIEWING_ROLES } from '../vocabularies';
import { AUDIO_PAIR_FILE_FIELDS } from '../vocabularies';
import {
  AudioPairDecisionBody,
  AudioPairFileParams,
  AudioPairIdParams,
  AudioPairListQuery,
  AudioPairPage,
  AudioPairRecord,
  AudioPairUploadFields,
  AudioPairUploadReply,
  DonateNextReply,
  TextPairFlagBody,
  TextPairFlagReply,
  TextPairIdParams,
  TextPairReportBody,
} from '../audio-pairs';
import { Type } from '@sinclair/typebox';
import { AUDIO_PAIR_FILE_MAX_BYTES } from '../limits';
import { defineRoute } from '../route';
import { MarkReply } from '../sentences';

const tag = 'audio-pairs';

/** Donate: the next approved text pair for this person to speak, with 'Contribution N of M'. */
export const getDonateNext = defineRoute({
  name: 'getDonateNext',
  method: 'GET',
  path: '/api/audio/next',
  owner: 'speech',
  access: 'signedIn',
  summary: 'The next text pair to donate a voice for',
  tag,
  reply: { 200: DonateNextReply },
});

/** Donate: an English and a Yoruba WAV for an approved text pair (multipart; trailing slash as the SPEC). */
export const postAudioPair = defineRoute({
  name: 'postAudioPair',
  method: 'POST',
  path: '/api/audio/upload',
  owner: 'speech',
  access: 'signedIn',
  trailingSlash: true,
  summary: 'Donate a paired voice recording',
  tag,
  storesFiles: true,
  multipart: {
    files: AUDIO_PAIR_FILE_FIELDS,
    fields: AudioPairUploadFields,
    maxFileBytes: AUDIO_PAIR_FILE_MAX_BYTES,
    maxFieldBytes: 1024,
    refusals: {
      notMultipart: 'audio_pair.not_multipart',
      tooLarge: 'audio_pair.too_large',
      tooManyFiles: 'audio_pair.unknown_field',
      tooManyFields: 'audio_pair.unknown_field',
      unknownField: 'audio_pair.unknown_field',
    },
  },
  idempotent: true,
  reply: { 201: AudioPairUploadReply },
  errors: [404, 409, 413, 415, 422],
});

/** Donate: skip a pair; it is not offered to this person again. */
export const postDonateSkip = defineRoute({
  name: 'postDonateSkip',
  method: 'POST',
  path: '/api/audio/pairs/:id/skip',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Skip a text pair on Donate',
  tag,
  params: TextPairIdParams,
  idempotent: true,
  reply: { 200: MarkReply },
  errors: [404],
});

/** Donate: report a pair; it leaves this person's queue and is passed on to the text service. */
export const postDonateReport = defineRoute({
  name: 'postDonateReport',
  method: 'POST',
  path: '/api/audio/pairs/:id/report',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Report a text pair on Donate',
  tag,
  params: TextPairIdParams,
  body: TextPairReportBody,
  idempotent: true,
  reply: { 200: MarkReply },
  errors: [404],
});

/** View Audio Pairs: filtered and paged; reviewers and admins see all, others their own. */
export const getAudioPairs = defineRoute({
  name: 'getAudioPairs',
  method: 'GET',
  path: '/api/audio/all',
  owner: 'speech',
  trailingSlash: true,
  access: 'signedIn',
  summary: 'Audio pairs, filtered by dialect and status, a page at a time',
  tag,
  query: AudioPairListQuery,
  reply: { 200: AudioPairPage },
});

/** View Audio Pairs: a reviewer or admin decides a pending pair, once, and never their own donation (403). */
export const postAudioPairDecision = defineRoute({
  name: 'postAudioPairDecision',
  method: 'POST',
  path: '/api/audio/:id/decision',
  owner: 'speech',
  access: REVIEWING_ROLES,
  summary: 'Approve or reject a donated audio pair',
  tag,
  params: AudioPairIdParams,
  body: AudioPairDecisionBody,
  idempotent: true,
  reply: { 200: AudioPairRecord },
  errors: [404, 409],
});

/** One side of a donated pair, streamed with byte ranges, to people allowed to see that pair. */
export const getAudioPairFile = defineRoute({
  name: 'getAudioPairFile',
  method: 'GET',
  path: '/audio/pairs/:file',
  owner: 'speech',
  access: 'signedIn',
  summary: 'One side of a donated audio pair (byte ranges supported)',
  tag: 'audio',
  params: AudioPairFileParams,
  reply: {
    200: Type.Unknown({ description: 'The WAV bytes' }),
    206: Type.Unknown({ description: 'One byte range of the WAV' }),
  },
  errors: [404, 416],
});

/** Internal, speech -> text: a person's report of a text pair, for review. */
export const postInternalTextPairFlag = defineRoute({
  name: 'postInternalTextPairFlag',
  method: 'POST',
  path: '/internal/text-pairs/:id/flags',
  owner: 'text',
  access: 'service',
  summary: 'Pass a text pair report on to the text service',
  tag: 'internal',
  params: TextPairIdParams,
  body: TextPairFlagBody,
  reply: { 201: TextPairFlagReply },
  errors: [404],
});
