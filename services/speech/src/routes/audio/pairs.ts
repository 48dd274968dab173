import { getAudioPairFile } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { seesAll } from '../../audio-pairs/sees-all';
import { sendAudioFile } from '../../audio/send-audio';
import type { SpeechContext } from '../../context';

const FILE_NAME = /^([0-9a-f]{24})-(source|target)\.wav$/;

/** One side of an audio pair, for its donor and for reviewers. */
export default routeModule<SpeechContext>([getAudioPairFile], (app, { stores }) => {
  serveRoute(app, getAudioPairFile, async (request, reply) => {
    const match = FILE_NAME.exec(request.params.file);
    const notFound = () => new HttpError(404, 'audio.not_found');
    if (!match) throw notFound();
    const pair = await stores.audioPairs.filesOf(match[1]!);
    // Someone else's pair is not found either: its existence is not for them to learn.
    if (!pair || (pair.donorId !== request.identity.id && !seesAll(request.identity))) throw notFound();
    const fileId = match[2] === 'source' ? pair.sourceFileId : pair.targetFileId;
    return sendAudioFile(stores.audio, request, reply, fileId, 'audio/wav');
  });
});
