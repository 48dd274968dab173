/**
 * Fixed-window counters kept in this process's memory. With several gateway copies each copy counts on
 * its own, so the effective limit is the limit times the number of copies (a shared store such as the
 * database would be needed to make it exact); for one machine this is the whole story.
 */
export interface RateLimit {
  /** How many attempts a key may make per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts an attempt for the key; false when the key has used up its window. */
  take(key: string): boolean;
}

export function createRateLimiter(limit: RateLimit, now: () => number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    take(key) {
      const t = now();
      if (t - lastSweep > limit.windowMs) {
        // Forget finished windows so memory stays bounded by the keys seen in one window.
        for (const [k, w] of windows) if (t - w.start >= limit.windowMs) windows.delete(k);
        lastSweep = t;
      }
      const current = windows.get(key);
      if (!current || t - current.start >= limit.windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit.max;
    },
  };
}
