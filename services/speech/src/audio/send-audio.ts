import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, ObjectId } from 'mongodb';
import { HttpError } from '@platform/service-kit';
import { audioBucket } from '../recordings/audio-store';
import { sendStoredFile } from '../files/send-stored-file';

/**
 * Streams one stored audio file from GridFS, whole or one byte range (206; 416 outside the file), never
 * holding it in memory. Stored audio never changes, so its file id is a strong ETag (a player's If-Range
 * resumes with it). 404 `audio.not_found` when the file is not there. `cacheControl` defaults to
 * a private cache (signed-in audio); the public demo's clip may be cached by anyone.
 */
export async function sendAudioFile(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  fileId: ObjectId,
  contentType: string,
  cacheControl = 'private, max-age=3600',
) {
  const bucket = audioBucket(db);
  const file = await bucket.find({ _id: fileId }).limit(1).next();
  if (!file) throw new HttpError(404, 'audio.not_found');
  return sendStoredFile(request, reply, {
    bucket,
    fileId,
    size: file.length,
    contentType,
    etag: `"${fileId.toHexString()}"`,
    lastModified: file.uploadDate,
    cacheControl,
    unsatisfiableCode: 'audio.range_unsatisfiable',
  });
}
