import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectId } from 'mongodb';
import { HttpError } from '@platform/service-kit';
import { sendStoredFile } from '../files/send-stored-file';
import type { AudioStore } from './store';

/**
 * Streams one stored audio file from GridFS, whole or one byte range (206; 416 outside the file), never
 * holding it in memory. Stored audio never changes, so its file id is a strong ETag (a player's If-Range
 * resumes with it). 404 `audio.not_found` when the file is not there. `cacheControl` defaults to
 * a private cache (signed-in audio); the public demo's clip may be cached by anyone.
 */
export async function sendAudioFile(
  audio: AudioStore,
  request: FastifyRequest,
  reply: FastifyReply,
  fileId: ObjectId,
  contentType: string,
  cacheControl = 'private, max-age=3600',
) {
  const file = await audio.file(fileId);
  if (!file) throw new HttpError(404, 'audio.not_found');
  return sendStoredFile(request, reply, {
    bucket: audio.bucket(),
    fileId,
    size: file.length,
    contentType,
    etag: `"${fileId.toHexString()}"`,
    lastModified: file.uploadDate,
    cacheControl,
    unsatisfiableCode: 'audio.range_unsatisfiable',
  });
}
