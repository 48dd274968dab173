import { getStorageUsage } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../context';

/** The signed-in person's stored bytes and quota (Dataset Uploads shows them). */
export default routeModule<GatewayContext>([getStorageUsage], (app, ctx) => {
  serveRoute(app, getStorageUsage, async (request, reply) => {
    // About one person, and changed by every upload.
    reply.header('cache-control', 'no-store');
    return { usedBytes: await ctx.stored(request.identity.id), quotaBytes: ctx.quotaBytes };
  });
});
