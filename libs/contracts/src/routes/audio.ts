import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { StrictObject } from '../schema-helpers';

/** `<recording id>.<webm|ogg|wav>`; anything else is a 404. */
export const AudioFileParams = StrictObject({ file: Type.String({ maxLength: 64 }) });

/**
 * `?rendition=small`: a low-bitrate mono Opus copy (Ogg) made once per recording, for people who save data.
 * When it cannot be made the original is served; the answer's AUDIO_RENDITION_HEADER says which it is.
 */
export const AUDIO_RENDITIONS = ['small'] as const;
export type AudioRendition = (typeof AUDIO_RENDITIONS)[number];
export const AudioFileQuery = StrictObject({
  rendition: Type.Optional(Type.Union(AUDIO_RENDITIONS.map((r) => Type.Literal(r)))),
});
/** On an answer to `?rendition=…`: `small` when the rendition was served, `original` when the original was. */
export const AUDIO_RENDITION_HEADER = 'x-audio-rendition';

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
  query: AudioFileQuery,
  reply: {
    200: Type.Unknown({ description: 'The audio bytes' }),
    206: Type.Unknown({ description: 'One byte range of the audio' }),
  },
  errors: [404, 416],
});
