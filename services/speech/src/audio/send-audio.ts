import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, ObjectId } from 'mongodb';
import { HttpError } from '@platform/service-kit';
import { audioBucket } from '../recordings/audio-store';
import { sendStoredFile } from '../files/send-stored-file';

/**
 * Streams one stored audio file from GridFS, whole or one byte range (206; 416 outside the file), never
 * holding it in memory. 404 `audio.not_found` when the file is not there.
 */
export async function sendAudioFile(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  fileId: ObjectId,
  contentType: string,
) {
  const bucket = audioBucket(db);
  const file = await bucket.find({ _id: fileId }).limit(1).next();
  if (!file) throw new HttpError(404, 'audio.not_found');
  return sendStoredFile(request, reply, {
    bucket,
    fileId,
    size: file.length,
    contentType,
    cacheControl: 'private, max-age=3600',
    unsatisfiableCode: 'audio.range_unsatisfiable',
  });
}
