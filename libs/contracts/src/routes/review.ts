import { defineRoute } from '../route';
import {
  ReviewDecisionBody,
  ReviewItemParams,
  ReviewNextQuery,
  ReviewNextReply,
  ReviewVerdictBody,
  ReviewVerdictReply,
} from '../review';

const tag = 'review';

/** Review: the next pending sentence or text pair this person has not written, judged or skipped. */
export const getReviewNext = defineRoute({
  name: 'getReviewNext',
  method: 'GET',
  path: '/api/review/next',
  owner: 'text',
  access: 'signedIn',
  summary: 'The next item to review',
  tag,
  query: ReviewNextQuery,
  reply: { 200: ReviewNextReply },
});

/** One judgement per person per item; the judgement that reaches the rule decides the item. */
export const postReviewVerdict = defineRoute({
  name: 'postReviewVerdict',
  method: 'POST',
  path: '/api/review/:kind/:id',
  owner: 'text',
  access: 'signedIn',
  summary: 'Approve, reject or skip an item',
  tag,
  params: ReviewItemParams,
  body: ReviewVerdictBody,
  idempotent: true,
  reply: { 200: ReviewVerdictReply },
  errors: [403, 404, 409],
});

/** An admin decides a pending item directly, except their own (403, as for any judgement). */
export const postReviewDecision = defineRoute({
  name: 'postReviewDecision',
  method: 'POST',
  path: '/api/review/:kind/:id/decision',
  owner: 'text',
  access: ['admin'],
  summary: 'Decide a pending item directly (admins)',
  tag,
  params: ReviewItemParams,
  body: ReviewDecisionBody,
  idempotent: true,
  reply: { 200: ReviewVerdictReply },
  errors: [404, 409],
});
