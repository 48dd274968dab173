import { deleteInternalUserSpeech, getInternalStoredBytesSpeech } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { SpeechContext } from '../../context';
import { storedAudioBytes } from '../../storage/stored-bytes';
import { erasePerson } from '../../user/erase';

/** Internal, gateway → speech: what a person's audio takes (their storage quota), and forgetting an account. */
export default routeModule<SpeechContext>(
  [getInternalStoredBytesSpeech, deleteInternalUserSpeech],
  (app, { stores }) => {
    serveRoute(app, getInternalStoredBytesSpeech, async (request) => ({
      bytes: await storedAudioBytes(stores, request.params.id),
    }));

    // The gateway, when an account is deleted.
    serveRoute(app, deleteInternalUserSpeech, async (request) => {
      await erasePerson(stores, request.params.id, request.query.pseudonym);
      return { done: true as const };
    });
  },
);
