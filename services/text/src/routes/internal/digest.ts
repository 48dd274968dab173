import { getInternalDigestRecipients } from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { digestRecipients } from '../../notifications/digest';

/** Internal, gateway → text: who has notifications waiting for the digest mail. */
export default routeModule<TextContext>([getInternalDigestRecipients], (app) => {
  serveRoute(app, getInternalDigestRecipients, async () => ({
    userIds: await digestRecipients(databaseOf(app)),
  }));
});
