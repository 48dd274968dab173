import { defineRoute } from '../route';
import { TextPairAddBody, TextPairAddReply, TextPairList } from '../text-pairs';

const tag = 'text-pairs';

export const postTextPair = defineRoute({
  name: 'postTextPair',
  method: 'POST',
  path: '/api/text/add',
  owner: 'text',
  access: 'signedIn',
  summary: 'Add a text pair',
  tag,
  body: TextPairAddBody,
  reply: { 201: TextPairAddReply },
});

export const getTextPairs = defineRoute({
  name: 'getTextPairs',
  method: 'GET',
  path: '/api/text-audio-pairs',
  owner: 'text',
  access: 'signedIn',
  summary: 'Every text pair',
  tag,
  reply: { 200: TextPairList },
});
