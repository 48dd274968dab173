import {
  getResumableUpload,
  postResumableUpload,
  putResumableUpload,
  RESUMABLE_UPLOAD_CHUNK_BYTES,
  RESUMABLE_UPLOAD_CONTENT_TYPES,
  RESUMABLE_UPLOAD_MAX_BYTES,
  RESUMABLE_UPLOAD_MAX_OPEN,
} from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';
import { isBodyCutOff, rangeOf, receivePieces, stateOf, TOO_LARGE } from '../../resumable-uploads/receive';

/**
 * Uploads that survive a dropped connection: begun with the file's size, sent by PUTs of raw bytes, asked
 * after when a PUT fails. Each belongs to the person who began it: anyone else gets 404, as for an upload
 * that is not there.
 */
export default routeModule<SpeechContext>(
  [postResumableUpload, getResumableUpload, putResumableUpload],
  (app, { stores, now }) => {
    const uploads = stores.resumableUploads;
    // A PUT's body is the file's bytes as they are: handed to the handler as the request stream, unread.
    app.addContentTypeParser(RESUMABLE_UPLOAD_CONTENT_TYPES, (_request, payload, done) =>
      done(null, payload),
    );

    serveRoute(app, postResumableUpload, async (request, reply) => {
      const { purpose, size, sha256, contentType } = request.body;
      if (size > RESUMABLE_UPLOAD_MAX_BYTES[purpose]) throw new HttpError(413, TOO_LARGE[purpose]);
      // Each open upload holds bytes for up to a day: a client that begins them in a loop is stopped here.
      if ((await uploads.openCount(request.identity.id)) >= RESUMABLE_UPLOAD_MAX_OPEN) {
        throw new HttpError(429, 'upload.too_many_open');
      }
      const at = now();
      const upload = await uploads.create({
        ownerId: request.identity.id,
        purpose,
        size,
        chunkBytes: RESUMABLE_UPLOAD_CHUNK_BYTES,
        ...(sha256 ? { sha256 } : {}),
        ...(contentType ? { contentType } : {}),
        createdAt: at,
        updatedAt: at,
      });
      return reply.code(201).send(stateOf(upload));
    });

    serveRoute(app, getResumableUpload, async (request) => {
      const upload = await uploads.find(request.params.id, request.identity.id);
      if (!upload) throw new HttpError(404, 'upload.not_found');
      return stateOf(upload);
    });

    serveRoute(app, putResumableUpload, async (request) => {
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!RESUMABLE_UPLOAD_CONTENT_TYPES.includes(type)) {
        throw new HttpError(
          415,
          'request.unsupported_media_type',
          `Send the bytes as ${RESUMABLE_UPLOAD_CONTENT_TYPES.join(' or ')}.`,
        );
      }
      const upload = await uploads.find(request.params.id, request.identity.id);
      if (!upload) throw new HttpError(404, 'upload.not_found');
      const range = rangeOf(request.headers, upload);
      try {
        await receivePieces({ store: uploads, upload, range, body: request.raw, now });
      } catch (err) {
        if (!isBodyCutOff(err)) throw err;
        const held = (await uploads.find(request.params.id, request.identity.id))?.received ?? 0;
        throw new HttpError(
          400,
          'request.malformed',
          'The body ended before the end of its Content-Range; the bytes of whole pieces are kept.',
          { received: held },
        );
      }
      const after = await uploads.find(request.params.id, request.identity.id);
      if (!after) throw new HttpError(404, 'upload.not_found');
      return stateOf(after);
    });
  },
);
