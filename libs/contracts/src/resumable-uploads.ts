import { Type, type Static } from '@sinclair/typebox';
import { ErrorBodyProperties } from './errors';
import { AUDIO_PAIR_FILE_MAX_BYTES } from './limits';
import { Id, StrictObject } from './schema-helpers';

/**
 * What a resumable upload is for: each purpose takes the size limit its file already has when sent whole, and
 * the route that uses the finished upload checks its bytes as it checks that file's.
 */
export const RESUMABLE_UPLOAD_PURPOSES = ['audio-pair-file'] as const;
export type ResumableUploadPurpose = (typeof RESUMABLE_UPLOAD_PURPOSES)[number];

export const RESUMABLE_UPLOAD_MAX_BYTES: Record<ResumableUploadPurpose, number> = {
  'audio-pair-file': AUDIO_PAIR_FILE_MAX_BYTES,
};

/**
 * The server keeps an upload in pieces of this size, each written only once all of its bytes have arrived:
 * a connection cut mid-piece loses that piece alone, and the upload resumes at the end of the last whole one.
 */
export const RESUMABLE_UPLOAD_CHUNK_BYTES = 256 * 1024;
/** One PUT carries at most this many bytes (whole pieces, or the file's last bytes). */
export const RESUMABLE_UPLOAD_PUT_MAX_BYTES = 4 * RESUMABLE_UPLOAD_CHUNK_BYTES;
/** An upload nobody has added to for this long is removed, finished or not. */
export const RESUMABLE_UPLOAD_IDLE_MS = 24 * 60 * 60 * 1000;
/**
 * Uploads one person may have open (begun and not yet used up or cleaned away): each holds bytes in the
 * database for up to a day, so a client that begins uploads in a loop is stopped with 429 `upload.too_many_open`.
 */
export const RESUMABLE_UPLOAD_MAX_OPEN = 20;
/** The media types a PUT's raw bytes may be sent as. */
export const RESUMABLE_UPLOAD_CONTENT_TYPES = ['application/offset+octet-stream', 'application/octet-stream'];

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the whole file, hex' });

/** POST /api/resumable-uploads: the file to come, before any of its bytes. */
export const ResumableUploadCreateBody = StrictObject({
  purpose: Type.Union(RESUMABLE_UPLOAD_PURPOSES.map((p) => Type.Literal(p))),
  size: Type.Integer({ minimum: 1, description: 'Bytes of the whole file' }),
  sha256: Type.Optional(Sha256),
  contentType: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type ResumableUploadCreateBody = Static<typeof ResumableUploadCreateBody>;

export const ResumableUploadIdParams = StrictObject({
  id: Type.String({ pattern: '^[0-9a-fA-F]{24}$' }),
});
export type ResumableUploadIdParams = Static<typeof ResumableUploadIdParams>;

/** Where an upload stands: the client sends the next bytes from `received`. */
export const ResumableUploadState = StrictObject({
  id: Type.String(),
  purpose: Type.Union(RESUMABLE_UPLOAD_PURPOSES.map((p) => Type.Literal(p))),
  size: Type.Integer(),
  received: Type.Integer({ description: 'Bytes the server holds, from the start of the file' }),
  complete: Type.Boolean(),
  chunkBytes: Type.Integer({ description: 'A PUT starts and ends on a multiple of this (or at the end)' }),
  maxPutBytes: Type.Integer({ description: 'Bytes one PUT may carry' }),
});
export type ResumableUploadState = Static<typeof ResumableUploadState>;

/** A refused PUT says how many bytes the server holds, so the client can go on from there. */
export const ResumableUploadErrorBody = StrictObject(
  { ...ErrorBodyProperties, received: Type.Optional(Type.Integer()) },
  { title: 'ResumableUploadErrorBody' },
);

/** POST /api/audio/from-uploads: a donation whose two WAVs were sent as finished resumable uploads. */
export const AudioPairFromUploadsBody = StrictObject({
  text_id: Id,
  // Checked by the route, which answers the Donate screen's own words for a missing or unknown dialect.
  user_dialect: Type.String({ maxLength: 64 }),
  source_upload_id: Type.String({ pattern: '^[0-9a-fA-F]{24}$' }),
  target_upload_id: Type.String({ pattern: '^[0-9a-fA-F]{24}$' }),
});
export type AudioPairFromUploadsBody = Static<typeof AudioPairFromUploadsBody>;
