import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Collection } from 'mongodb';
import { AUTH_PREFIX, type Identity } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { displayName, type UserDoc } from '../accounts/store';
import type { ResolveUser } from './identity-propagation';
import { splitTarget } from './path-guard';
import { keyedLimiter, type RateLimit } from './rate-limits/keyed-limiter';
import { isApiPath, ownerOf, type RoutingRule } from './routing-table';
import { digest } from '../accounts/secrets';
import { liveTokenOf, SECRET_SHAPE, touchToken, type ApiTokenDoc } from '../api-tokens/store';

const BEARER = /^Bearer[ \t]+(\S*)[ \t]*$/i;

/**
 * The secret of an `Authorization: Bearer …` header; undefined when there is no such header (another scheme
 * is not ours to judge and is ignored), '' when the scheme is Bearer but the secret is missing.
 */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = BEARER.exec(header.trim());
  if (match) return match[1] ?? '';
  return /^Bearer\b/i.test(header.trim()) ? '' : undefined;
}

/** Tokens only read: GET, and HEAD which is a GET without its body. */
const READS = new Set(['GET', 'HEAD']);

export interface BearerGateOptions {
  tokens: Collection<ApiTokenDoc>;
  users: Collection<UserDoc>;
  table: readonly RoutingRule[];
  now: () => number;
  /** Calls one token may make per window (API_TOKEN_RATE_LIMIT_PER_MINUTE a minute by default). */
  rateLimit: RateLimit;
}

/**
 * Personal API tokens at the door. A request to /api, /auth or /audio with `Authorization: Bearer <secret>`
 * is its token's, never a cookie's: it may only read (403 `access.token_forbidden` for anything but GET/HEAD
 * and for the gateway's own routes, /auth and /api/tokens, so a token can never mint tokens or open a
 * session), an unknown or revoked secret is 401 `api_token.invalid`, and each token has its own rate limit
 * (429 `rate_limit.exceeded`, counted in MongoDB like every other limit). The identity it resolves to is
 * the owner's as they are now (their current role), marked `via: 'api-token'`; the services then admit it
 * only on routes declared `apiToken: true`.
 *
 * Registers the check as an onRequest hook on `app` (which must have @fastify/rate-limit) and answers the
 * resolver the proxy signs identities with: the token's owner, else whoever `session` finds. Hooks apply to
 * the routes registered after them, so call it before registering /auth and the proxy.
 */
export function registerBearerGate(
  app: FastifyInstance,
  options: BearerGateOptions,
  session: ResolveUser,
): ResolveUser {
  const { tokens, users, table, now } = options;
  const limit = keyedLimiter(app, 'apiToken', options.rateLimit);
  const resolved = new WeakMap<FastifyRequest, Identity>();

  app.addHook('onRequest', async (request, reply) => {
    const secret = bearerSecret(request);
    if (secret === undefined) return;
    const { path } = splitTarget(request.url);
    if (!isApiPath(path)) return;
    if (!READS.has(request.method)) throw new HttpError(403, 'access.token_forbidden');
    if (
      path === AUTH_PREFIX ||
      path.startsWith(`${AUTH_PREFIX}/`) ||
      ownerOf(path, table, request.method) === 'gateway'
    ) {
      throw new HttpError(403, 'access.token_forbidden');
    }
    if (!SECRET_SHAPE.test(secret)) throw new HttpError(401, 'api_token.invalid');
    // The count (a write) and the lookups (reads) go to the database together rather than one after the
    // other: the count is keyed by the secret's digest, which is known before the token is found.
    const [found, verdict] = await Promise.all([
      liveTokenOf(tokens, secret).then(async (token) => {
        const owner = token && (await users.findOne({ _id: token.userId }));
        return token && owner ? { token, owner } : null;
      }),
      limit(request, digest(secret).slice(0, 32)),
    ]);
    if (!found) throw new HttpError(401, 'api_token.invalid');
    const { token, owner } = found;
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, 'rate_limit.exceeded');
    }
    await touchToken(tokens, token, now());
    resolved.set(request, {
      id: owner._id.toHexString(),
      role: owner.role,
      name: displayName(owner),
      via: 'api-token',
    });
  });

  return async (request) => {
    const identity = resolved.get(request);
    if (identity) return identity;
    // A request that carried a token is its token's or nobody's: never the cookie's beside it.
    if (bearerSecret(request) !== undefined) return null;
    return session(request);
  };
}
