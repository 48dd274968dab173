import type { RateLimit } from './keyed-limiter';
import { windowOf, type RateLimitStore } from './store';

/** One attempt counted for a key: the count in the window with it, and the seconds until the window ends. */
export interface Counted {
  count: number;
  retryAfterSeconds: number;
  /** Takes the attempt back out of the count (it turned out not to be a failure). */
  refund(): Promise<void>;
}

/**
 * Counts attempts per key in the same shared, clock-aligned windows as every other limit (the rate_limits
 * collection), for limits that must count an attempt before knowing how it ends, and take it back after:
 * sign-in failures are counted before the password is checked, so concurrent guesses cannot slip past the
 * limit, and a right password refunds its attempt.
 */
export function attemptCounter(counters: RateLimitStore, name: string, limit: RateLimit, now: () => number) {
  return {
    limit,
    async count(key: string): Promise<Counted> {
      const at = now();
      const { id, end } = windowOf(`${name}:${key}`, limit.windowMs, at);
      const count = await counters.bump(id, end);
      return {
        count,
        retryAfterSeconds: Math.max(1, Math.ceil((end - at) / 1000)),
        refund: () => counters.refund(id),
      };
    },
  };
}

export type AttemptCounter = ReturnType<typeof attemptCounter>;
