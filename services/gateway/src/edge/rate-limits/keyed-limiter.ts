import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RateLimit {
  /** How many attempts a key may make per window. */
  max: number;
  windowMs: number;
}

export interface Verdict {
  allowed: boolean;
  /** Until the key's window ends (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/** Counts one attempt for a key (every call counts, allowed or not) and says whether it is within the limit. */
export type KeyedLimiter = (request: FastifyRequest, key: string) => Promise<Verdict>;

/**
 * A limit checked from a handler with a key the handler chooses (an address from the body, a person's id)
 * rather than one derived from the request alone, through @fastify/rate-limit's createRateLimit. `name`
 * keeps each limit's counters apart in the shared store.
 */
export function keyedLimiter(app: FastifyInstance, name: string, limit: RateLimit): KeyedLimiter {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request)}`,
  });
  return async (request, key) => {
    keys.set(request, key);
    try {
      const verdict = await check(request);
      if (verdict.isAllowed || !verdict.isExceeded) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.max(1, verdict.ttlInSeconds) };
    } finally {
      keys.delete(request);
    }
  };
}
