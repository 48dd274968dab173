import type { FastifyInstance } from 'fastify';
import type { ResolveUser } from './identity-propagation';
import { splitTarget } from './path-guard';
import { isApiPath } from './routing-table';

/**
 * Who is calling, resolved once per request at the door (a session cookie or an API token, through
 * `resolve`) and kept on request.identity: the write limits, the gateway's own routes and the proxy all read
 * it from there. Only /api, /auth and /audio ask: the shell's files never cost a session lookup.
 */
export function resolveIdentityAtTheEdge(app: FastifyInstance, resolve: ResolveUser) {
  app.decorateRequest('identity', null);
  app.decorateRequest('identityProblem', null);
  app.addHook('onRequest', async (request) => {
    if (isApiPath(splitTarget(request.url).path)) request.identity = await resolve(request);
  });
}
