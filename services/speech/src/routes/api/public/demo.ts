import { getPublicDemo, getPublicDemoAudio } from '@platform/contracts';
import { HttpError, routeModule, serveRoute } from '@platform/service-kit';
import { sendAudioFile } from '../../../audio/send-audio';
import type { SpeechContext } from '../../../context';

/** Anyone may keep the demo's audio for an hour: it is published data. */
const DEMO_AUDIO_CACHE = 'public, max-age=3600';

/** The landing page's demo: a published clip and its audio, signed out too. */
export default routeModule<SpeechContext>([getPublicDemo, getPublicDemoAudio], (app, { stores }) => {
  serveRoute(app, getPublicDemo, async (request) => ({
    clip: await stores.demo.pickClip(request.query.language),
  }));

  // Only a recording the demo could have chosen: anything else is not found, whether it exists or not.
  serveRoute(app, getPublicDemoAudio, async (request, reply) => {
    const recording = await stores.demo.publishedRecording(request.params.id);
    if (!recording) throw new HttpError(404, 'audio.not_found');
    return sendAudioFile(
      stores.audio,
      request,
      reply,
      recording.audioFileId,
      recording.contentType,
      DEMO_AUDIO_CACHE,
    );
  });
});
