import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '@platform/contracts';
import { displayName } from '../accounts/names';
import type { SessionCache } from '../accounts/session-cache';
import type { SessionCookie } from '../accounts/session-cookie';
import type { AccountStore } from '../accounts/store';
import { bearerSecret, tokenResolver, type BearerOptions } from './bearer';
import { splitTarget } from './path-guard';
import { isApiPath } from './routing-table';

export interface EdgeIdentityOptions extends BearerOptions {
  sessionCache: SessionCache;
  cookie: SessionCookie;
}

/**
 * The person behind the request's session cookie (an unexpired session), as services are told about them:
 * from what this gateway remembers of the session (SESSION_CACHE_MS), else from the database.
 */
function sessionResolver(
  accounts: AccountStore,
  now: () => number,
  cache: SessionCache,
  cookie: SessionCookie,
): (request: FastifyRequest) => Promise<Identity | null> {
  return async (request) => {
    const token = cookie.read(request);
    if (!token) return null;
    const at = now();
    const known = cache.get(token, at);
    if (known) return known;
    const session = await accounts.sessionUser(token, at);
    if (!session) return null;
    const { user, expiresAt } = session;
    const identity = { id: user._id.toHexString(), role: user.role, name: displayName(user) };
    cache.remember(token, identity, expiresAt, at);
    return identity;
  };
}

/**
 * Who is calling, resolved once per request at the door and kept on request.identity: the write limits, the
 * storage gate, the gateway's own routes and the proxy all read it from there, and nothing else looks a
 * session or a token up. A request carrying `Authorization: Bearer` is its API token's (or refused, see
 * tokenResolver), never the session cookie's beside it; any other is the session cookie's person, or nobody.
 * Only /api, /auth and /audio ask: the shell's files never cost a lookup. Refusals are HttpErrors, answered by
 * the kit's error handler like every other. Hooks cover the routes registered after them, so this comes before
 * the gateway's own routes and the proxy; `app` must have @fastify/rate-limit (a token's own limit).
 */
export function resolveIdentityAtTheEdge(app: FastifyInstance, options: EdgeIdentityOptions) {
  const session = sessionResolver(options.accounts, options.now, options.sessionCache, options.cookie);
  const token = tokenResolver(app, options);
  identityHook(app, async (request, reply, path) => {
    const secret = bearerSecret(request);
    return secret === undefined ? session(request) : token(request, reply, secret, path);
  });
}

/** Who is calling: a person, or null for nobody; throws the refusal of a credential that is no good. */
export type IdentityResolver = (
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
) => Promise<Identity | null>;

/**
 * The hook that puts `resolve`'s answer on request.identity for every /api, /auth and /audio request on the
 * routes registered after it. The gateway's resolver is resolveIdentityAtTheEdge's; a benchmark of the proxy
 * alone gives its own.
 */
export function identityHook(app: FastifyInstance, resolve: IdentityResolver) {
  app.decorateRequest('identity', null);
  app.decorateRequest('identityProblem', null);
  app.addHook('onRequest', async (request, reply) => {
    const { path } = splitTarget(request.url);
    if (isApiPath(path)) request.identity = await resolve(request, reply, path);
  });
}
