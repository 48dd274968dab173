import {
  AUDIO_PAIR_FILE_FIELDS,
  AudioPairList,
  AudioPairUploadFields,
  AudioPairUploadReply,
} from '../audio-pairs';
import { defineRoute } from '../route';

const tag = 'audio-pairs';

/** Donate: a source and a target WAV for a text pair (multipart). */
export const postAudioPair = defineRoute({
  name: 'postAudioPair',
  method: 'POST',
  path: '/api/audio/upload',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Donate a paired voice recording',
  tag,
  multipart: { files: AUDIO_PAIR_FILE_FIELDS, fields: AudioPairUploadFields },
  reply: { 201: AudioPairUploadReply },
  errors: [413, 415],
});

export const getAudioPairs = defineRoute({
  name: 'getAudioPairs',
  method: 'GET',
  path: '/api/audio/all',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Every audio pair',
  tag,
  reply: { 200: AudioPairList },
});
