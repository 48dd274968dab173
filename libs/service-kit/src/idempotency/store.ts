import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../duplicate-key';
import type { CollectionIndexes } from '../mongo';

/** Every service that serves idempotent routes keeps their keys here, in its own database. */
export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';

/** A key is answered from its record for a week (the device's queue retries within that); then it is gone. */
export const IDEMPOTENCY_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A first call that has given no sign of life for this long is taken for dead (its process was killed
 * mid-way): a retry then runs the handler afresh instead of being told to wait. A call that runs renews its
 * record every IDEMPOTENCY_RENEW_MS, so a slow upload is never taken over, and a phone's retry after a crash
 * waits seconds, not minutes.
 */
export const IDEMPOTENCY_PENDING_MS = 20_000;
/** How often a running first call renews its record (well inside IDEMPOTENCY_PENDING_MS). */
export const IDEMPOTENCY_RENEW_MS = 5_000;

/**
 * The TTL index that removes records a week after their first call, and a deleted account's. The record's `_id` is the person, the
 * route and the key together, so the `_id` index is the unique index that makes two instances of a service
 * (or two calls racing in one) agree on which call is the first, even before the declared indexes exist.
 */
export const IDEMPOTENCY_INDEXES: CollectionIndexes[] = [
  {
    collection: IDEMPOTENCY_COLLECTION,
    indexes: [
      { key: { createdAt: 1 }, name: 'created_ttl', expireAfterSeconds: IDEMPOTENCY_TTL_SECONDS },
      // A deleted account's keys (forget).
      { key: { person: 1 }, name: 'person' },
    ],
  },
];

/** What a key is scoped to: the person of the signed identity, the route's name, and the key they sent. */
export interface IdempotencyScope {
  person: string;
  route: string;
  key: string;
}

interface Common {
  _id: string;
  person: string;
  route: string;
  key: string;
  /** SHA-256 of the call's content (null while a multipart body is still being read). */
  hash: string | null;
  /** Which call holds the record: only it may complete or release it. */
  claimId: string;
  createdAt: Date;
  /** When the holding call started (a takeover moves it). */
  startedAt: Date;
  /** The holding call's last renewal, while it runs (absent before the first). */
  aliveAt?: Date;
}

export type IdempotencyRecord =
  | (Common & { state: 'pending' })
  | (Common & { state: 'done'; status: number; body: string; contentType: string; completedAt: Date });

/** The stored answer of a completed first call. */
export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
}

export type Claim = { kind: 'claimed'; claimId: string } | { kind: 'held'; record: IdempotencyRecord };

const idOf = (scope: IdempotencyScope) => JSON.stringify([scope.person, scope.route, scope.key]);

export function idempotencyStore(db: Db) {
  const records: Collection<IdempotencyRecord> = db.collection<IdempotencyRecord>(IDEMPOTENCY_COLLECTION);

  return {
    /**
     * Makes this call the holder of the key, or says who holds it. The insert is the decision: the `_id` is
     * unique, so of two calls (on any instances) exactly one inserts. A holder that has been pending past
     * IDEMPOTENCY_PENDING_MS without renewing it is replaced, again by one call only (the update names the claim it replaces).
     */
    async claim(scope: IdempotencyScope, hash: string | null, now: Date): Promise<Claim> {
      const _id = idOf(scope);
      for (let attempt = 0; attempt < 3; attempt++) {
        const claimId = randomUUID();
        try {
          await records.insertOne({
            _id,
            ...scope,
            state: 'pending',
            hash,
            claimId,
            createdAt: now,
            startedAt: now,
          });
          return { kind: 'claimed', claimId };
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
        const held = await records.findOne({ _id });
        // Released (or expired) between the insert and the read: try the insert again.
        if (!held) continue;
        const lastSign = held.state === 'pending' ? (held.aliveAt ?? held.startedAt) : held.startedAt;
        if (held.state === 'done' || now.getTime() - lastSign.getTime() < IDEMPOTENCY_PENDING_MS) {
          return { kind: 'held', record: held };
        }
        const taken = await records.updateOne(
          { _id, state: 'pending', claimId: held.claimId },
          { $set: { claimId, hash, startedAt: now }, $unset: { aliveAt: '' } },
        );
        if (taken.modifiedCount === 1) return { kind: 'claimed', claimId };
      }
      const held = await records.findOne({ _id });
      if (held) return { kind: 'held', record: held };
      throw new Error('an idempotency key could be neither claimed nor read');
    },

    /** The holding call is still running: it is not taken for dead. */
    async renew(scope: IdempotencyScope, claimId: string, now: Date) {
      await records.updateOne({ _id: idOf(scope), claimId, state: 'pending' }, { $set: { aliveAt: now } });
    },

    /** Keeps the first call's answer, so every retry with the same content gets it. */
    async complete(scope: IdempotencyScope, claimId: string, hash: string, answer: StoredAnswer, now: Date) {
      await records.updateOne(
        { _id: idOf(scope), claimId },
        { $set: { state: 'done', hash, ...answer, completedAt: now } },
      );
    },

    /** A deleted account's keys (and the answers kept with them) go with it. */
    async forget(person: string) {
      await records.deleteMany({ person });
    },

    /** Frees the key after a refused or failed first call: the next call with it is evaluated afresh. */
    async release(scope: IdempotencyScope, claimId: string) {
      await records.deleteOne({ _id: idOf(scope), claimId });
    },
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
