import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from 'mongodb';
import { isDuplicateKey, type CollectionIndexes } from '@platform/service-kit';
import { escapeRegex } from '../../escape-regex';

export const RATE_LIMITS = 'rate_limits';

/** One counter per key and window; the database removes it once its window has ended. */
export interface CounterDoc {
  _id: string;
  count: number;
  /** The end of the window: the TTL index removes the counter after it. */
  expiresAt: Date;
}

export const RATE_LIMIT_INDEXES: CollectionIndexes[] = [
  {
    collection: RATE_LIMITS,
    indexes: [{ key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 }],
  },
];

/** The counter of `key` for the clock-aligned window of `windowMs` that holds `at`, and when that window ends. */
export function windowOf(key: string, windowMs: number, at: number) {
  const start = Math.floor(at / windowMs) * windowMs;
  return { id: `${key}|${windowMs}|${start}`, end: start + windowMs };
}

/** Every limit's counters (rate_limits), shared by every gateway process on the database. */
export function rateLimitStore(db: Db) {
  const counters = db.collection<CounterDoc>(RATE_LIMITS);

  return {
    /** Adds one to a window's counter (created on its first hit) and answers the count after it, atomically. */
    async bump(id: string, end: number): Promise<number> {
      const count = () =>
        counters.findOneAndUpdate(
          { _id: id },
          { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(end) } },
          { upsert: true, returnDocument: 'after', projection: { count: 1 } },
        );
      try {
        return (await count())!.count;
      } catch (err) {
        // Two first hits of one window raced to insert its counter: the loser counts into the winner's.
        if (!isDuplicateKey(err)) throw err;
        return (await count())!.count;
      }
    },

    /** Takes one back out of a window's counter. */
    async refund(id: string) {
      await counters.updateOne({ _id: id, count: { $gt: 0 } }, { $inc: { count: -1 } });
    },

    /** The counters whose key names any of `terms` (a person's id or address), in any case. */
    async eraseKeysNaming(terms: readonly string[]) {
      const naming = new RegExp(terms.map(escapeRegex).join('|'), 'iu');
      await counters.deleteMany({ _id: { $regex: naming } });
    },
  };
}

export type RateLimitStore = ReturnType<typeof rateLimitStore>;

/**
 * A @fastify/rate-limit store in MongoDB, so every gateway process counts into the same windows and the
 * memory a flood of made-up keys costs is the database's, bounded by the TTL index. Windows are fixed and
 * aligned to the clock (a key's window is `floor(now / window)`), which makes each count one atomic
 * upsert-and-increment with nothing to reset: a new window is a new counter.
 */
export function mongoRateLimitStore(store: RateLimitStore, now: () => number): FastifyRateLimitStoreCtor {
  class MongoRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const t = now();
      const { id, end } = windowOf(key, timeWindow, t);
      store.bump(id, end).then(
        (current) => callback(null, { current, ttl: end - t }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** The key names the limit and the window, so one store serves every limit. */
    child() {
      return this;
    }
  }
  return MongoRateLimitStore;
}
