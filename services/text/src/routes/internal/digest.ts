import { getInternalDigestRecipients } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';

/** Internal, gateway → text: who has notifications waiting for the digest mail. */
export default routeModule<TextContext>([getInternalDigestRecipients], (app, { stores }) => {
  serveRoute(app, getInternalDigestRecipients, async () => ({
    userIds: await stores.notifications.digestRecipients(),
  }));
});
