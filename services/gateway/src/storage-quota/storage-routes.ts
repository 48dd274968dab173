import { getStorageUsage } from '@platform/contracts';
import { serveRoute, type ServiceApp } from '@platform/service-kit';
import type { ResolveUser } from '../identity-propagation';
import type { StoredBytesReader } from './stored-bytes';

export interface StorageRouteOptions {
  resolveSession: ResolveUser;
  stored: StoredBytesReader;
  quotaBytes: number;
}

/** GET /api/storage/usage: the signed-in person's stored bytes and quota (Dataset Uploads shows them). */
export async function storageRoutes(app: ServiceApp, options: StorageRouteOptions) {
  app.decorateRequest('identity', null);
  app.decorateRequest('identityProblem', null);
  app.addHook('onRequest', async (request) => {
    request.identity = await options.resolveSession(request);
  });
  serveRoute(app, getStorageUsage, async (request, reply) => {
    // About one person, and changed by every upload.
    reply.header('cache-control', 'no-store');
    return { usedBytes: await options.stored(request.identity.id), quotaBytes: options.quotaBytes };
  });
}
