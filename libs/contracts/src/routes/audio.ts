import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { StrictObject } from '../schema-helpers';

/** `<recording id>.<webm|ogg|wav>`; anything else is a 404. */
export const AudioFileParams = StrictObject({ file: Type.String({ maxLength: 64 }) });

/** A recording's audio, streamed with byte ranges. */
export const getAudioFile = defineRoute({
  name: 'getAudioFile',
  method: 'GET',
  path: '/audio/:file',
  owner: 'speech',
  access: 'signedIn',
  summary: 'A recording’s audio (byte ranges supported)',
  tag: 'audio',
  params: AudioFileParams,
  reply: {
    200: Type.Unknown({ description: 'The audio bytes' }),
    206: Type.Unknown({ description: 'One byte range of the audio' }),
  },
  errors: [404, 416],
});
