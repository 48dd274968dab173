import { ObjectId } from 'mongodb';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '@platform/contracts';
import { databaseOf, errorBody, requireIdentity, type ServiceApp } from '@platform/service-kit';
import { collections } from '../collections';
import { audioBucket } from '../recordings/audio-store';
import { parseRange } from './byte-range';

/** `<recording id>.<container>`: nothing else names audio, so no other string reaches the store. */
const AUDIO_NAME = /^([0-9a-f]{24})\.(webm|ogg|wav)$/;

const notFound = errorBody(404, 'No such audio.');

/** GET /audio/<recording id>.<ext>: streams a recording's audio from GridFS, with byte ranges. */
export async function audioRoutes(app: ServiceApp) {
  app.get(
    '/audio/:file',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['audio'],
        params: Type.Object({ file: Type.String({ maxLength: 64 }) }),
        response: {
          200: Type.Unknown({ description: 'The audio bytes' }),
          206: Type.Unknown({ description: 'One byte range of the audio' }),
          401: ErrorBody,
          404: ErrorBody,
          416: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const match = AUDIO_NAME.exec(request.params.file);
      if (!match) return reply.code(404).send(notFound);
      const db = databaseOf(app);
      const recording = await collections(db).recordings.findOne(
        { _id: new ObjectId(match[1]) },
        { projection: { audioFileId: 1, container: 1, contentType: 1 } },
      );
      if (!recording || recording.container !== match[2]) return reply.code(404).send(notFound);
      const bucket = audioBucket(db);
      const file = await bucket.find({ _id: recording.audioFileId }).limit(1).next();
      if (!file) return reply.code(404).send(notFound);
      const size = file.length;

      reply.header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        return reply.code(416).send(errorBody(416, 'The requested range is outside the audio.'));
      }
      reply.header('content-type', recording.contentType);
      reply.header('cache-control', 'private, max-age=3600');
      if (range.kind === 'partial') {
        reply.code(206);
        reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.send(
          bucket.openDownloadStream(recording.audioFileId, { start: range.start, end: range.end + 1 }),
        );
      }
      reply.header('content-length', size);
      return reply.send(bucket.openDownloadStream(recording.audioFileId));
    },
  );
}
