import { getInternalStoredBytesText } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { storedUploadBytes } from '../../storage/stored-bytes';

/** Internal, gateway → text: what a person's uploads take, for their storage quota. */
export function internalStorageRoutes(app: ServiceApp) {
  serveRoute(app, getInternalStoredBytesText, async (request) => ({
    bytes: await storedUploadBytes(databaseOf(app), request.params.id),
  }));
}
