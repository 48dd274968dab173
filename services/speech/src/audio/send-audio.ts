import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectId } from 'mongodb';
import { HttpError } from '@platform/service-kit';
import { audioBucket } from '../recordings/audio-store';
import { parseRange } from './byte-range';
import type { Db } from 'mongodb';

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
  const size = file.length;

  reply.header('accept-ranges', 'bytes');
  const range = parseRange(request.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new HttpError(416, 'audio.range_unsatisfiable');
  }
  reply.header('content-type', contentType);
  reply.header('cache-control', 'private, max-age=3600');
  if (range.kind === 'partial') {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(bucket.openDownloadStream(fileId, { start: range.start, end: range.end + 1 }));
  }
  reply.header('content-length', size);
  return reply.send(bucket.openDownloadStream(fileId));
}
