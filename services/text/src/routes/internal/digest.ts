import { getInternalDigestRecipients, postInternalDigestClaim } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { claimDigest, digestRecipients } from '../../notifications/digest';

/** Internal, gateway → text: the digest mail's recipients, and taking a person's notifications for it. */
export function internalDigestRoutes(app: ServiceApp) {
  serveRoute(app, getInternalDigestRecipients, async () => ({
    userIds: await digestRecipients(databaseOf(app)),
  }));
  serveRoute(app, postInternalDigestClaim, async (request) => ({
    items: await claimDigest(databaseOf(app), request.params.id, request.body.kinds, app.now()),
  }));
}
