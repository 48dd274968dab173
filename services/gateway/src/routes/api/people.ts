import { getPeople } from '@platform/contracts';
import { routeModule, serveRoute } from '@platform/service-kit';
import type { GatewayContext } from '../../context';
import { noStoreUnlessSaid } from '../../edge/no-store';
import { escapeRegex } from '../../settings/profile-view';

/** At most this many people answer a search for members and assignees. */
export const PEOPLE_RESULTS_MAX = 10;

/** The managers' search for people to add as members or assignees. */
export default routeModule<GatewayContext>([getPeople], (app, ctx) => {
  const { cols } = ctx;
  noStoreUnlessSaid(app);

  serveRoute(app, getPeople, async (request) => {
    const start = new RegExp(`^${escapeRegex(request.query.q.trim().toLowerCase())}`);
    // The start of any word of the name, of the username or of the address: bounded index scans.
    const docs = await cols.users
      .find(
        { verified: true, $or: [{ nameKeys: start }, { usernameKey: start }, { email: start }] },
        { projection: { firstname: 1, lastname: 1, username: 1, nameKey: 1 } },
      )
      .sort({ nameKey: 1, _id: 1 })
      .limit(PEOPLE_RESULTS_MAX)
      .toArray();
    return {
      items: docs.map((u) => ({
        id: u._id.toHexString(),
        name: `${u.firstname} ${u.lastname}`.trim(),
        username: u.username ?? null,
      })),
    };
  });
});
