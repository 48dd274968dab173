import { AudioPairUploadReply } from '../audio-pairs';
import { defineRoute } from '../route';
import {
  AudioPairFromUploadsBody,
  ResumableUploadCreateBody,
  ResumableUploadErrorBody,
  ResumableUploadIdParams,
  ResumableUploadState,
} from '../resumable-uploads';

const tag = 'resumable-uploads';

/**
 * Begin an upload that survives a dropped connection: the file's size (within its purpose's limit) now, its
 * bytes by PUTs after. Counted under the storage quota and the upload limit like any upload.
 */
export const postResumableUpload = defineRoute({
  name: 'postResumableUpload',
  method: 'POST',
  path: '/api/resumable-uploads',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Begin a resumable upload',
  tag,
  storesFiles: true,
  body: ResumableUploadCreateBody,
  reply: { 201: ResumableUploadState },
  // 429 `upload.too_many_open`: the person already has RESUMABLE_UPLOAD_MAX_OPEN uploads open.
  errors: [413, 429],
});

/** Where one's own upload stands (after a dropped connection, the client asks before going on). */
export const getResumableUpload = defineRoute({
  name: 'getResumableUpload',
  method: 'GET',
  path: '/api/resumable-uploads/:id',
  owner: 'speech',
  access: 'signedIn',
  summary: 'How many bytes of a resumable upload the server holds',
  tag,
  params: ResumableUploadIdParams,
  reply: { 200: ResumableUploadState },
  errors: [404],
});

/**
 * The next bytes of one's own upload: the raw body (`application/offset+octet-stream` or
 * `application/octet-stream`), its place in `Content-Range: bytes start-end/size`, starting where the server's
 * bytes end (409 `upload.offset_mismatch` with `received` otherwise). Bytes of a piece cut off mid-way are not
 * kept. The last bytes are checked against the SHA-256 given at the start (422 on a mismatch).
 */
export const putResumableUpload = defineRoute({
  name: 'putResumableUpload',
  method: 'PUT',
  path: '/api/resumable-uploads/:id',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Send the next bytes of a resumable upload (Content-Range, raw body)',
  tag,
  storesFiles: true,
  params: ResumableUploadIdParams,
  reply: { 200: ResumableUploadState },
  errorBody: ResumableUploadErrorBody,
  errors: [404, 409, 411, 413, 415, 422],
});

/**
 * Donate: a pair whose English and Yoruba WAVs arrived as finished resumable uploads, checked as the
 * multipart donation's files are; the uploads are used up by it.
 */
export const postAudioPairFromUploads = defineRoute({
  name: 'postAudioPairFromUploads',
  method: 'POST',
  path: '/api/audio/from-uploads',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Donate a paired voice recording from two finished resumable uploads',
  tag: 'audio-pairs',
  body: AudioPairFromUploadsBody,
  storesFiles: true,
  idempotent: true,
  reply: { 201: AudioPairUploadReply },
  errors: [404, 409, 413, 415, 422],
});
