import { ObjectId } from 'mongodb';
import { postInternalPeople } from '@platform/contracts';
import { installIdentity, serveRoute, type ServiceApp } from '@platform/service-kit';
import { displayName, type AccountCollections } from '../../accounts/accounts-db';

/** The service name signatures for the gateway's own internal routes are made out to. */
export const GATEWAY_SERVICE = 'gateway';

export interface InternalRouteOptions {
  cols: AccountCollections;
  identitySecret: string;
}

/**
 * /internal routes the gateway serves to the services. Unlike everything else here, the caller is not the
 * session's person but a service, proven by the signed identity headers (verified in this scope only): a
 * bad or missing signature is 401, a person 403. Not under /api, so the proxy never routes it anywhere.
 */
export async function internalRoutes(app: ServiceApp, options: InternalRouteOptions) {
  installIdentity(app, options.identitySecret, GATEWAY_SERVICE);
  const { cols } = options;

  serveRoute(
    app,
    postInternalPeople,
    async (request) => {
      const ids = request.body.ids.filter((id) => ObjectId.isValid(id) && id.length === 24);
      const docs = ids.length
        ? await cols.users
            .find(
              { _id: { $in: ids.map((id) => new ObjectId(id)) } },
              { projection: { firstname: 1, lastname: 1, role: 1 } },
            )
            .toArray()
        : [];
      return { people: docs.map((u) => ({ id: u._id.toHexString(), name: displayName(u), role: u.role })) };
    },
    { bodyLimit: 64 * 1024 },
  );
}
