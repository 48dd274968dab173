import {
  deleteInternalUserText,
  getInternalStoredBytesText,
  getInternalUserTextStats,
  postInternalDigestClaim,
} from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';

/** Internal: what the text service holds about one person, for the gateway and the speech service. */
export default routeModule<TextContext>(
  [getInternalUserTextStats, getInternalStoredBytesText, postInternalDigestClaim, deleteInternalUserText],
  (app, { stores }) => {
    // Speech -> text: a person's text figures for their stats page.
    serveRoute(app, getInternalUserTextStats, async (request) => stores.people.textStats(request.params.id));

    // Gateway -> text: what a person's uploads take, for their storage quota.
    serveRoute(app, getInternalStoredBytesText, async (request) => ({
      bytes: await stores.uploads.storedBytes(request.params.id),
    }));

    // Gateway -> text: taking a person's notifications for the digest mail.
    serveRoute(app, postInternalDigestClaim, async (request) => ({
      items: await stores.notifications.claimDigest(request.params.id, request.body.kinds, app.now()),
    }));

    // Gateway -> text: a deleted account's uploads go, and nothing else here names it any more.
    serveRoute(app, deleteInternalUserText, async (request) => {
      await stores.people.erase(request.params.id, request.query.pseudonym);
      return { done: true as const };
    });
  },
);
