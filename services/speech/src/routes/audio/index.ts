import { AUDIO_RENDITION_HEADER, getAudioFile } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { sendAudioFile } from '../../audio/send-audio';
import type { SpeechContext } from '../../context';

/** `<recording id>.<container>`: nothing else names audio, so no other string reaches the store. */
const AUDIO_NAME = /^([0-9a-f]{24})\.(webm|ogg|wav)$/;

const notFound = () => new HttpError(404, 'audio.not_found');

/**
 * GET /audio/<recording id>.<ext>: streams a recording's audio from GridFS, with byte ranges. With
 * `?rendition=small`, its small Opus rendition (made on the first such request), or the original when none
 * can be made; the rendition header says which was sent.
 */
export default routeModule<SpeechContext>([getAudioFile], (app, { stores, renditions, now }) => {
  serveRoute(app, getAudioFile, async (request, reply) => {
    const match = AUDIO_NAME.exec(request.params.file);
    if (!match) throw notFound();
    const recording = await stores.recordings.audioOf(match[1]!);
    if (!recording || recording.container !== match[2]) throw notFound();
    if (request.query.rendition === 'small') {
      const small = await renditions.of(recording.audioFileId, now());
      reply.header(AUDIO_RENDITION_HEADER, small.kind);
      if (small.kind === 'small')
        return sendAudioFile(stores.audio, request, reply, small.fileId, 'audio/ogg');
    }
    return sendAudioFile(stores.audio, request, reply, recording.audioFileId, recording.contentType);
  });
});
