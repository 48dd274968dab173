import { getInternalSpeechFigures, getPublicDemo, getPublicDemoAudio } from '@platform/contracts';
import { databaseOf, HttpError, serveRoute, type ServiceApp } from '@platform/service-kit';
import { sendAudioFile } from '../audio/send-audio';
import { pickDemoClip, publishedRecording } from './demo';
import { speechFigures } from './figures';

/** Anyone may keep the demo's audio for an hour: it is published data. */
const DEMO_AUDIO_CACHE = 'public, max-age=3600';

/**
 * The public site's speech side: the figures the gateway turns into the landing counters and /languages,
 * the demo clip and its audio (signed out too).
 */
export function publicSiteRoutes(app: ServiceApp, options: { now: () => Date }) {
  const db = () => databaseOf(app);

  serveRoute(app, getInternalSpeechFigures, async () => speechFigures(db(), options.now()));

  serveRoute(app, getPublicDemo, async (request) => ({
    clip: await pickDemoClip(db(), request.query.language),
  }));

  // Only a recording the demo could have chosen: anything else is not found, whether it exists or not.
  serveRoute(app, getPublicDemoAudio, async (request, reply) => {
    const recording = await publishedRecording(db(), request.params.id);
    if (!recording) throw new HttpError(404, 'audio.not_found');
    return sendAudioFile(
      db(),
      request,
      reply,
      recording.audioFileId,
      recording.contentType,
      DEMO_AUDIO_CACHE,
    );
  });
}
