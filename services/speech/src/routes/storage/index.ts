import { getInternalStoredBytesSpeech } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { storedAudioBytes } from '../../storage/stored-bytes';

/** Internal, gateway → speech: what a person's recordings and donations take, for their storage quota. */
export function storageRoutes(app: ServiceApp) {
  serveRoute(app, getInternalStoredBytesSpeech, async (request) => ({
    bytes: await storedAudioBytes(databaseOf(app), request.params.id),
  }));
}
