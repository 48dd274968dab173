import multipart from '@fastify/multipart';
import type { ServiceApp } from '@platform/service-kit';
import { bulkRoute } from './bulk';
import { writeRoutes } from './write';

/** Write: one sentence, a batch, a file. Multipart parsing is registered for these routes only. */
export async function sentenceWriteRoutes(app: ServiceApp) {
  writeRoutes(app);
  await app.register(async (scope) => {
    await scope.register(multipart);
    bulkRoute(scope, app);
  });
}
