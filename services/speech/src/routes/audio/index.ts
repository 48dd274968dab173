import { ObjectId } from 'mongodb';
import { getAudioFile } from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { sendAudioFile } from '../../audio/send-audio';
import { collections } from '../../collections';
import type { SpeechContext } from '../../context';

/** `<recording id>.<container>`: nothing else names audio, so no other string reaches the store. */
const AUDIO_NAME = /^([0-9a-f]{24})\.(webm|ogg|wav)$/;

const notFound = () => new HttpError(404, 'audio.not_found');

/** GET /audio/<recording id>.<ext>: streams a recording's audio from GridFS, with byte ranges. */
export default routeModule<SpeechContext>([getAudioFile], (app) => {
  serveRoute(app, getAudioFile, async (request, reply) => {
    const match = AUDIO_NAME.exec(request.params.file);
    if (!match) throw notFound();
    const db = databaseOf(app);
    const recording = await collections(db).recordings.findOne(
      { _id: new ObjectId(match[1]) },
      { projection: { audioFileId: 1, container: 1, contentType: 1 } },
    );
    if (!recording || recording.container !== match[2]) throw notFound();
    return sendAudioFile(db, request, reply, recording.audioFileId, recording.contentType);
  });
});
