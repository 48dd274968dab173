import { postInternalPeople } from '@platform/contracts';
import { routeModule, serveRoute, signedCallerHook } from '@platform/service-kit';
import { displayName } from '../../accounts/names';
import type { GatewayContext } from '../../context';

/** The service name signatures for the gateway's own internal routes are made out to. */
export const GATEWAY_SERVICE = 'gateway';

/**
 * /internal routes the gateway serves to the services. Unlike everything else here, the caller is not the
 * session's person but a service, proven by the signed identity headers (verified in this scope only, in place of the session's person): a
 * bad or missing signature is 401, a person 403. Not under /api, so the proxy never routes it anywhere.
 */
export default routeModule<GatewayContext>([postInternalPeople], (app, ctx) => {
  app.addHook('onRequest', signedCallerHook(ctx.identitySecret, GATEWAY_SERVICE));
  const { accounts } = ctx.stores;

  serveRoute(
    app,
    postInternalPeople,
    async (request) => {
      const docs = await accounts.namesAndRoles(request.body.ids);
      return { people: docs.map((u) => ({ id: u._id.toHexString(), name: displayName(u), role: u.role })) };
    },
    { bodyLimit: 64 * 1024 },
  );
});
