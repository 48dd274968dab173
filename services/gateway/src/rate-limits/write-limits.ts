import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identity } from '@platform/contracts';
import { keyedLimiter, type RateLimit } from './keyed-limiter';

/** Per-person limits on what a signed-in person sends through the gateway to the services. */
export interface WriteRateLimits {
  /** Every proxied POST, PUT, PATCH and DELETE (recordings, votes, reports, and any write routes add). */
  writes: RateLimit;
  /** Recording uploads (POST /api/recordings), also counted as writes. */
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
    'You are uploading recordings faster than anyone could record them. Please wait a few minutes and try again.',
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isUpload = (method: string, path: string) => method === 'POST' && path === '/api/recordings';

/** Why a proxied request must wait (429), or null when it may go on. */
export type WriteGate = (
  request: FastifyRequest,
  identity: Identity | null,
  path: string,
) => Promise<{ message: string; retryAfterSeconds: number } | null>;

/** Counts each signed-in person's writes by their user id (not their address, which many may share). */
export function writeGate(app: FastifyInstance, limits: WriteRateLimits): WriteGate {
  const writes = keyedLimiter(app, 'writes', limits.writes);
  const uploads = keyedLimiter(app, 'uploads', limits.uploads);
  return async (request, identity, path) => {
    if (!identity || !WRITES.has(request.method)) return null;
    const upload = isUpload(request.method, path);
    const [write, recording] = await Promise.all([
      writes(request, identity.id),
      upload ? uploads(request, identity.id) : null,
    ]);
    if (recording && !recording.allowed) {
      return { message: WRITE_LIMIT_MESSAGES.uploads, retryAfterSeconds: recording.retryAfterSeconds };
    }
    if (!write.allowed)
      return { message: WRITE_LIMIT_MESSAGES.writes, retryAfterSeconds: write.retryAfterSeconds };
    return null;
  };
}
