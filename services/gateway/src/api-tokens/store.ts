import { ObjectId, type Db } from 'mongodb';
import type { ApiToken } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';
import { accountId } from '../accounts/store';
import { digest } from '../accounts/secrets';
import { newSecret, SECRET_SHAPE, SHOWN_PREFIX_LENGTH } from './token-secret';

/** A personal API token. The secret is never stored: only its SHA-256 and its first characters. */
export interface ApiTokenDoc {
  _id: ObjectId;
  userId: ObjectId;
  name: string;
  /** SHA-256 (hex) of the secret. */
  hash: string;
  /** The secret's first characters, shown so a person can tell their tokens apart. */
  prefix: string;
  createdAt: Date;
  /** Updated at most once a minute (LAST_USED_RESOLUTION_MS), so a busy script costs no write per call. */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export const API_TOKENS = 'api_tokens';

export const API_TOKEN_INDEXES: CollectionIndexes[] = [
  {
    collection: API_TOKENS,
    indexes: [
      { key: { hash: 1 }, name: 'hash_unique', unique: true },
      // A person's live tokens, newest first: the list and the cap both read only this.
      { key: { userId: 1, revokedAt: 1, createdAt: -1 }, name: 'user_live' },
    ],
  },
];

/** lastUsedAt moves only when it is older than this. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const tokenView = (doc: ApiTokenDoc): ApiToken => ({
  id: doc._id.toHexString(),
  name: doc.name,
  prefix: doc.prefix,
  createdAt: doc.createdAt.toISOString(),
  lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
});

const live = (userId: ObjectId) => ({ userId, revokedAt: null });

/** Personal API tokens (api_tokens). The person is given by their account id, as the session knows it. */
export function apiTokenStore(db: Db) {
  const tokens = db.collection<ApiTokenDoc>(API_TOKENS);

  return {
    /** The person's live tokens, newest first. */
    async list(owner: string): Promise<ApiTokenDoc[]> {
      const userId = accountId(owner);
      return userId ? tokens.find(live(userId)).sort({ createdAt: -1, _id: -1 }).toArray() : [];
    },

    /**
     * A new token for the person, or null when they already hold `max` live ones. The cap holds under
     * concurrency: the token is inserted, then the live ones are counted, and an insert that went over is undone.
     */
    async create(
      owner: string,
      name: string,
      at: number,
      max: number,
    ): Promise<{ doc: ApiTokenDoc; secret: string } | null> {
      const userId = accountId(owner);
      // The owner is the session's person, whose id is always an account's.
      if (!userId) throw new Error(`not an account id: ${owner}`);
      if ((await tokens.countDocuments(live(userId))) >= max) return null;
      const secret = newSecret();
      const doc: ApiTokenDoc = {
        _id: new ObjectId(),
        userId,
        name,
        hash: digest(secret),
        prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        createdAt: new Date(at),
        lastUsedAt: null,
        revokedAt: null,
      };
      await tokens.insertOne(doc);
      if ((await tokens.countDocuments(live(userId))) > max) {
        await tokens.deleteOne({ _id: doc._id });
        return null;
      }
      return { doc, secret };
    },

    /** Revokes one of the person's live tokens; false when they have no such live token. */
    async revoke(owner: string, id: string, at: number): Promise<boolean> {
      const userId = accountId(owner);
      if (!userId || !ObjectId.isValid(id) || id.length !== 24) return false;
      const result = await tokens.updateOne(
        { _id: new ObjectId(id), ...live(userId) },
        { $set: { revokedAt: new Date(at) } },
      );
      return result.matchedCount === 1;
    },

    /**
     * Revokes every live token of the person (their password changed, or they signed out everywhere): each
     * stops working at once, on every gateway, since every use looks its token up. Answers how many.
     */
    async revokeAll(userId: ObjectId, at: number): Promise<number> {
      const result = await tokens.updateMany(live(userId), { $set: { revokedAt: new Date(at) } });
      return result.modifiedCount;
    },

    /** The live token a secret belongs to, or null (a malformed secret never reaches the database). */
    async liveTokenOf(secret: string): Promise<ApiTokenDoc | null> {
      if (!SECRET_SHAPE.test(secret)) return null;
      return tokens.findOne({ hash: digest(secret), revokedAt: null });
    },

    /** Records a use, at most once per LAST_USED_RESOLUTION_MS (the filter makes concurrent calls write once). */
    async touch(doc: ApiTokenDoc, at: number) {
      const before = new Date(at - LAST_USED_RESOLUTION_MS);
      if (doc.lastUsedAt && doc.lastUsedAt > before) return;
      await tokens.updateOne(
        { _id: doc._id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: before } }] },
        { $set: { lastUsedAt: new Date(at) } },
      );
    },

    /** Every token the person ever had. */
    async eraseUser(userId: ObjectId) {
      await tokens.deleteMany({ userId });
    },
  };
}

export type ApiTokenStore = ReturnType<typeof apiTokenStore>;
