import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_PREFIX, type Identity } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { displayName } from '../accounts/names';
import { digest } from '../accounts/secrets';
import type { AccountStore } from '../accounts/store';
import type { ApiTokenStore } from '../api-tokens/store';
import { SECRET_SHAPE } from '../api-tokens/token-secret';
import { keyedLimiter, type RateLimit } from './rate-limits/keyed-limiter';
import { ownerOf, type RoutingRule } from './routing-table';

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

export interface BearerOptions {
  tokens: ApiTokenStore;
  accounts: AccountStore;
  table: readonly RoutingRule[];
  now: () => number;
  /** Calls one token may make per window (API_TOKEN_RATE_LIMIT_PER_MINUTE a minute by default). */
  rateLimit: RateLimit;
}

/** The person a request's API token stands for; throws the refusal when it stands for nobody here. */
export type TokenResolver = (
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  path: string,
) => Promise<Identity>;

/**
 * Personal API tokens at the door. A request to /api, /auth or /audio with `Authorization: Bearer <secret>`
 * is its token's, never a cookie's: it may only read (403 `access.token_forbidden` for anything but GET/HEAD
 * and for the gateway's own routes, /auth and /api/tokens, so a token can never mint tokens or open a
 * session), an unknown or revoked secret is 401 `api_token.invalid`, and each token has its own rate limit
 * (429 `rate_limit.exceeded`, counted in MongoDB like every other limit). The identity it resolves to is
 * the owner's as they are now (their current role), marked `via: 'api-token'`; the services then admit it
 * only on routes declared `apiToken: true`. `app` must have @fastify/rate-limit.
 */
export function tokenResolver(app: FastifyInstance, options: BearerOptions): TokenResolver {
  const { tokens, accounts, table, now } = options;
  const limit = keyedLimiter(app, 'apiToken', options.rateLimit);

  return async (request, reply, secret, path) => {
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
      tokens.liveTokenOf(secret).then(async (token) => {
        const owner = token && (await accounts.byId(token.userId));
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
    await tokens.touch(token, now());
    return { id: owner._id.toHexString(), role: owner.role, name: displayName(owner), via: 'api-token' };
  };
}
