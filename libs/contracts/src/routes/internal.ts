import { Type } from '@sinclair/typebox';
import { PeopleById, PeopleByIdBody } from '../account-settings';
import { Identity } from '../identity';
import { ErasureQuery } from '../storage';
import { UserIdParams } from '../user-stats';
import {
  ActivityLanguages,
  ActivitySums,
  ActivitySumsBody,
  DigestClaim,
  DigestClaimBody,
  DigestRecipients,
  QualityQuery,
  RecordingQuality,
} from '../workspace';
import { defineRoute } from '../route';

/**
 * Every service echoes the identity the gateway signed, so operators and tests can check that gateway and
 * service agree on the secret. Not under a public prefix: the gateway never routes to it.
 */
export const getInternalWhoami = defineRoute({
  name: 'getInternalWhoami',
  method: 'GET',
  path: '/internal/whoami',
  owner: 'every-service',
  access: 'signedIn',
  summary: 'The identity this request carries',
  tag: 'internal',
  reply: { 200: Identity },
});

/** Internal, text → speech: sums of the speech service's daily activity counts, one per query. */
export const postInternalActivitySums = defineRoute({
  name: 'postInternalActivitySums',
  method: 'POST',
  path: '/internal/activity/sums',
  owner: 'speech',
  access: 'service',
  summary: 'Sums of recordings, donations and votes per query',
  tag: 'internal',
  body: ActivitySumsBody,
  reply: { 200: ActivitySums },
});

/** Internal, text → speech: the languages a person recorded, voted or donated in. */
export const getInternalActivityLanguages = defineRoute({
  name: 'getInternalActivityLanguages',
  method: 'GET',
  path: '/internal/activity/languages/:id',
  owner: 'speech',
  access: 'service',
  summary: 'The languages a person contributed speech in',
  tag: 'internal',
  params: UserIdParams,
  reply: { 200: ActivityLanguages },
});

/** Internal, text → speech: recordings' validation agreement and report reasons over a period. */
export const getInternalRecordingQuality = defineRoute({
  name: 'getInternalRecordingQuality',
  method: 'GET',
  path: '/internal/analytics/recording-quality',
  owner: 'speech',
  access: 'service',
  summary: 'Recordings’ agreement and report reasons',
  tag: 'internal',
  query: QualityQuery,
  reply: { 200: RecordingQuality },
});

/** Internal, gateway → text: the people with notifications not yet mailed. */
export const getInternalDigestRecipients = defineRoute({
  name: 'getInternalDigestRecipients',
  method: 'GET',
  path: '/internal/digest/recipients',
  owner: 'text',
  access: 'service',
  summary: 'Who has notifications waiting to be mailed',
  tag: 'internal',
  reply: { 200: DigestRecipients },
});

/** Internal, gateway → text: claim a person's unmailed notifications of the allowed kinds (marks them mailed). */
export const postInternalDigestClaim = defineRoute({
  name: 'postInternalDigestClaim',
  method: 'POST',
  path: '/internal/users/:id/digest',
  owner: 'text',
  access: 'service',
  summary: 'Take a person’s notifications for a digest mail',
  tag: 'internal',
  params: UserIdParams,
  body: DigestClaimBody,
  reply: { 200: DigestClaim },
});

/**
 * Internal, gateway → text: a deleted account's own uploads and notifications go; what it gave under a licence
 * (sentences, pairs, reviews) stays under the pseudonym, and its name leaves projects and tasks.
 */
export const deleteInternalUserText = defineRoute({
  name: 'deleteInternalUserText',
  method: 'DELETE',
  path: '/internal/users/:id/text-data',
  owner: 'text',
  access: 'service',
  summary: 'Forget a deleted account’s personal details',
  tag: 'internal',
  params: UserIdParams,
  query: ErasureQuery,
  reply: { 200: Type.Object({ done: Type.Literal(true) }, { additionalProperties: false }) },
});

/**
 * Internal, gateway → speech: a deleted account's preferences, speaker details, licence acceptances and
 * download history go; its recordings, votes and donations stay under the pseudonym.
 */
export const deleteInternalUserSpeech = defineRoute({
  name: 'deleteInternalUserSpeech',
  method: 'DELETE',
  path: '/internal/users/:id/speech-data',
  owner: 'speech',
  access: 'service',
  summary: 'Forget a deleted account’s personal details',
  tag: 'internal',
  params: UserIdParams,
  query: ErasureQuery,
  reply: { 200: Type.Object({ done: Type.Literal(true) }, { additionalProperties: false }) },
});

/** Internal, text → gateway: accounts' current names and roles (unknown or deleted ids are left out). */
export const postInternalPeople = defineRoute({
  name: 'postInternalPeople',
  method: 'POST',
  path: '/internal/people',
  owner: 'gateway',
  access: 'service',
  summary: 'Names and roles of accounts by id',
  tag: 'internal',
  body: PeopleByIdBody,
  reply: { 200: PeopleById },
});
