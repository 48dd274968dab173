import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identity } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { splitTarget } from '../path-guard';
import { storesFilesMatcher } from '../storage-quota/stores-files';
import { keyedLimiter, type RateLimit } from './keyed-limiter';

/** Per-person limits on what a signed-in person changes, through the gateway's own routes or a service's. */
export interface WriteRateLimits {
  /** Every POST, PUT, PATCH and DELETE (settings, tokens, admin, recordings, votes, reports, ...). */
  writes: RateLimit;
  /** Every route declared `storesFiles` (recordings, voice donations, dataset uploads), also counted as writes. */
  uploads: RateLimit;
}

const MINUTE = 60_000;
/**
 * Far above what a person does by hand: a Speak session records a sentence every few seconds at most and a
 * Listen session votes about as fast, so 200 uploads and 600 writes in 10 minutes only stop scripts.
 */
export const DEFAULT_WRITE_RATE_LIMITS: WriteRateLimits = {
  writes: { max: 600, windowMs: 10 * MINUTE },
  uploads: { max: 200, windowMs: 10 * MINUTE },
};

export const WRITE_LIMIT_MESSAGES = {
  writes:
    'You are sending changes faster than anyone could by hand. Please wait a few minutes and try again.',
  uploads:
    'You are uploading files faster than anyone could by hand. Please wait a few minutes and try again.',
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a request must wait (429), or null when it may go on. */
export type WriteGate = (
  request: FastifyRequest,
  identity: Identity | null,
  path: string,
) => Promise<{ message: string; retryAfterSeconds: number } | null>;

/**
 * Counts each signed-in person's writes by their user id (not their address, which many may share), and
 * their uploads, which the route declarations name (`storesFiles`), under a stricter limit besides.
 */
export function writeGate(app: FastifyInstance, limits: WriteRateLimits): WriteGate {
  const writes = keyedLimiter(app, 'writes', limits.writes);
  const uploads = keyedLimiter(app, 'uploads', limits.uploads);
  const storesFiles = storesFilesMatcher();
  return async (request, identity, path) => {
    if (!identity || !WRITES.has(request.method)) return null;
    const [write, upload] = await Promise.all([
      writes(request, identity.id),
      storesFiles(request.method, path) ? uploads(request, identity.id) : null,
    ]);
    if (upload && !upload.allowed) {
      return { message: WRITE_LIMIT_MESSAGES.uploads, retryAfterSeconds: upload.retryAfterSeconds };
    }
    if (!write.allowed)
      return { message: WRITE_LIMIT_MESSAGES.writes, retryAfterSeconds: write.retryAfterSeconds };
    return null;
  };
}

/**
 * Puts every state-changing request on `app`'s routes registered after it, whoever serves it (the gateway's
 * own settings, tokens, admin and account routes, or a service behind the proxy), under the person's write
 * limits (the person the edge resolved, request.identity): refused with 429 and Retry-After before its body is read or anything is done. People signed out
 * are not counted here: the routes open to them (sign-up, sign-in, contact, newsletter) have their own
 * per-client limits, and every other write refuses them.
 */
export function registerWriteLimits(app: FastifyInstance, gate: WriteGate) {
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITES.has(request.method)) return;
    const wait = await gate(request, request.identity, splitTarget(request.url).path);
    if (wait) {
      reply.header('retry-after', String(wait.retryAfterSeconds));
      throw new HttpError(429, 'rate_limit.exceeded', wait.message);
    }
  });
}
