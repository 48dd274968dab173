import { ObjectId } from 'mongodb';
import { getAudioPairFile } from '@platform/contracts';
import { databaseOf, HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { seesAll } from '../../audio-pairs/sees-all';
import { sendAudioFile } from '../../audio/send-audio';
import { collections } from '../../collections';
import type { SpeechContext } from '../../context';

const FILE_NAME = /^([0-9a-f]{24})-(source|target)\.wav$/;

/** One side of an audio pair, for its donor and for reviewers. */
export default routeModule<SpeechContext>([getAudioPairFile], (app) => {
  serveRoute(app, getAudioPairFile, async (request, reply) => {
    const match = FILE_NAME.exec(request.params.file);
    const notFound = () => new HttpError(404, 'audio.not_found');
    if (!match) throw notFound();
    const db = databaseOf(app);
    const pair = await collections(db).audioPairs.findOne(
      { _id: new ObjectId(match[1]) },
      { projection: { donorId: 1, sourceFileId: 1, targetFileId: 1 } },
    );
    // Someone else's pair is not found either: its existence is not for them to learn.
    if (!pair || (pair.donorId !== request.identity.id && !seesAll(request.identity))) throw notFound();
    const fileId = match[2] === 'source' ? pair.sourceFileId : pair.targetFileId;
    return sendAudioFile(db, request, reply, fileId, 'audio/wav');
  });
});
