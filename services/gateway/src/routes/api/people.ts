import { getPeople } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../context';
import { noStoreUnlessSaid } from '../../edge/no-store';

/** At most this many people answer a search for members and assignees. */
export const PEOPLE_RESULTS_MAX = 10;

/** The managers' search for people to add as members or assignees. */
export default routeModule<GatewayContext>([getPeople], (app, ctx) => {
  const { accounts } = ctx.stores;
  noStoreUnlessSaid(app);

  serveRoute(app, getPeople, async (request) => {
    // The start of any word of the name, of the username or of the address.
    const docs = await accounts.peopleStartingWith(request.query.q, PEOPLE_RESULTS_MAX);
    return {
      items: docs.map((u) => ({
        id: u._id.toHexString(),
        name: `${u.firstname} ${u.lastname}`.trim(),
        username: u.username ?? null,
      })),
    };
  });
});
