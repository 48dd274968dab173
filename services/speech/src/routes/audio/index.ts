import { ObjectId } from 'mongodb';
import { getAudioFile } from '@platform/contracts';
import { databaseOf, HttpError, serveRoute, type ServiceApp } from '@platform/service-kit';
import { parseRange } from '../../audio/byte-range';
import { collections } from '../../collections';
import { audioBucket } from '../../recordings/audio-store';

/** `<recording id>.<container>`: nothing else names audio, so no other string reaches the store. */
const AUDIO_NAME = /^([0-9a-f]{24})\.(webm|ogg|wav)$/;

const notFound = () => new HttpError(404, 'audio.not_found');

/** GET /audio/<recording id>.<ext>: streams a recording's audio from GridFS, with byte ranges. */
export function audioRoutes(app: ServiceApp) {
  serveRoute(app, getAudioFile, async (request, reply) => {
    const match = AUDIO_NAME.exec(request.params.file);
    if (!match) throw notFound();
    const db = databaseOf(app);
    const recording = await collections(db).recordings.findOne(
      { _id: new ObjectId(match[1]) },
      { projection: { audioFileId: 1, container: 1, contentType: 1 } },
    );
    if (!recording || recording.container !== match[2]) throw notFound();
    const bucket = audioBucket(db);
    const file = await bucket.find({ _id: recording.audioFileId }).limit(1).next();
    if (!file) throw notFound();
    const size = file.length;

    reply.header('accept-ranges', 'bytes');
    const range = parseRange(request.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new HttpError(416, 'audio.range_unsatisfiable');
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
  });
}
