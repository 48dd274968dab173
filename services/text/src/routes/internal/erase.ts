import { deleteInternalUserText } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { eraseUserText } from '../../workspace/erase';

/** Internal, gateway → text: a deleted account's personal details go from projects, tasks and notifications. */
export function internalEraseRoutes(app: ServiceApp) {
  serveRoute(app, deleteInternalUserText, async (request) => {
    await eraseUserText(databaseOf(app), request.params.id);
    return { done: true as const };
  });
}
