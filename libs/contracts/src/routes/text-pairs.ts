import { defineRoute } from '../route';
import {
  TextPairAddBody,
  TextPairAddReply,
  TextPairChangesQuery,
  TextPairChangesReply,
  TextPairList,
  TextPairListQuery,
} from '../text-pairs';

const tag = 'text-pairs';

/** Add Text Pair: the pair belongs to the signed-in person and waits for review. */
export const postTextPair = defineRoute({
  name: 'postTextPair',
  method: 'POST',
  path: '/api/text/add',
  owner: 'text',
  access: 'signedIn',
  // The SPEC's client posts to /api/text/add/ (with the slash).
  trailingSlash: true,
  summary: 'Add an English–Yoruba text pair (it waits for review)',
  tag,
  body: TextPairAddBody,
  idempotent: true,
  reply: { 201: TextPairAddReply },
  errors: [409],
});

/** The approved pairs, for Donate Your Voice. */
export const getTextPairs = defineRoute({
  name: 'getTextPairs',
  method: 'GET',
  path: '/api/text-audio-pairs',
  owner: 'text',
  access: 'signedIn',
  trailingSlash: true,
  summary: 'Approved text pairs, a page at a time',
  tag,
  query: TextPairListQuery,
  reply: { 200: TextPairList },
});

/** Internal, text -> speech: the change cursor the speech service keeps its copy of the pairs with. */
export const getInternalTextPairChanges = defineRoute({
  name: 'getInternalTextPairChanges',
  method: 'GET',
  path: '/internal/text-pairs/changes',
  owner: 'text',
  access: 'service',
  summary: 'Text pair changes after a sequence number',
  tag: 'internal',
  query: TextPairChangesQuery,
  reply: { 200: TextPairChangesReply },
});
