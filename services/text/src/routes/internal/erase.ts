import { deleteInternalUserText } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { eraseUserText } from '../../workspace/erase';

/** Internal, gateway → text: a deleted account's uploads go, and nothing else here names it any more. */
export function internalEraseRoutes(app: ServiceApp) {
  serveRoute(app, deleteInternalUserText, async (request) => {
    await eraseUserText(databaseOf(app), request.params.id, request.query.pseudonym);
    return { done: true as const };
  });
}
