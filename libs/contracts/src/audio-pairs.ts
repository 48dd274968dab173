import { Type, type Static } from '@sinclair/typebox';
import { Id, StrictObject } from './schema-helpers';

export const DIALECTS = ['standard-yoruba', 'ekiti-yoruba', 'ijebu-yoruba', 'other'] as const;
export const Dialect = Type.Union(DIALECTS.map((d) => Type.Literal(d)));
export type Dialect = Static<typeof Dialect>;

export const AUDIO_PAIR_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AudioPairStatus = Type.Union(AUDIO_PAIR_STATUSES.map((s) => Type.Literal(s)));
export type AudioPairStatus = Static<typeof AudioPairStatus>;

/**
 * POST /api/audio/upload is multipart: WAV parts `source_audio_file` and `target_audio_file` plus these
 * fields. user_id is the SPEC client's placeholder; the service uses the signed identity instead.
 */
export const AUDIO_PAIR_FILE_FIELDS = ['source_audio_file', 'target_audio_file'] as const;
export const AudioPairUploadFields = StrictObject({
  text_id: Id,
  user_id: Type.Optional(Type.String({ maxLength: 64 })),
  user_dialect: Dialect,
});
export type AudioPairUploadFields = Static<typeof AudioPairUploadFields>;

export const AudioPairRecord = StrictObject({
  audio_id: Id,
  user_id: Id,
  user_dialect: Dialect,
  status: AudioPairStatus,
  text_id: Id,
  /** Stored paths; played from /audio/ plus the path without its leading audio segment (SPEC §7). */
  source_lang_audio: Type.String(),
  target_lang_audio: Type.String(),
});
export type AudioPairRecord = Static<typeof AudioPairRecord>;

export const AudioPairUploadReply = AudioPairRecord;
export type AudioPairUploadReply = AudioPairRecord;

/** GET /api/audio/all */
export const AudioPairList = Type.Array(AudioPairRecord);
export type AudioPairList = Static<typeof AudioPairList>;
