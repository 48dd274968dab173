import { randomBytes } from 'node:crypto';
import { ObjectId, type Collection, type Db } from 'mongodb';
import type { ApiToken } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';
import { digest } from '../accounts/secrets';

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

export const apiTokenCollection = (db: Db): Collection<ApiTokenDoc> => db.collection<ApiTokenDoc>(API_TOKENS);

/** What every secret starts with, so it is recognisable in a script or a leaked file. */
export const SECRET_PREFIX = 'plt_';
/** `plt_` and 32 random bytes, base64url. */
export const SECRET_SHAPE = /^plt_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the list shows: `plt_` and 8 characters, which tell tokens apart and give nothing away. */
export const SHOWN_PREFIX_LENGTH = SECRET_PREFIX.length + 8;
/** lastUsedAt moves only when it is older than this. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export const tokenView = (doc: ApiTokenDoc): ApiToken => ({
  id: doc._id.toHexString(),
  name: doc.name,
  prefix: doc.prefix,
  createdAt: doc.createdAt.toISOString(),
  lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
});

const live = (userId: ObjectId) => ({ userId, revokedAt: null });

/** The person's live tokens, newest first. */
export async function listTokens(tokens: Collection<ApiTokenDoc>, userId: ObjectId): Promise<ApiTokenDoc[]> {
  return tokens.find(live(userId)).sort({ createdAt: -1, _id: -1 }).toArray();
}

/**
 * A new token for the person, or null when they already hold `max` live ones. The cap holds under
 * concurrency: the token is inserted, then the live ones are counted, and an insert that went over is undone.
 */
export async function createToken(
  tokens: Collection<ApiTokenDoc>,
  userId: ObjectId,
  name: string,
  at: number,
  max: number,
): Promise<{ doc: ApiTokenDoc; secret: string } | null> {
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
}

/** Revokes one of the person's live tokens; false when they have no such live token. */
export async function revokeToken(
  tokens: Collection<ApiTokenDoc>,
  userId: ObjectId,
  id: string,
  at: number,
): Promise<boolean> {
  if (!ObjectId.isValid(id) || id.length !== 24) return false;
  const result = await tokens.updateOne(
    { _id: new ObjectId(id), ...live(userId) },
    { $set: { revokedAt: new Date(at) } },
  );
  return result.matchedCount === 1;
}

/**
 * Revokes every live token of the person (their password changed, or they signed out everywhere): each
 * stops working at once, on every gateway, since every use looks its token up. Answers how many.
 */
export async function revokeAllTokens(
  tokens: Collection<ApiTokenDoc>,
  userId: ObjectId,
  at: number,
): Promise<number> {
  const result = await tokens.updateMany(live(userId), { $set: { revokedAt: new Date(at) } });
  return result.modifiedCount;
}

/** The live token a secret belongs to, or null (a malformed secret never reaches the database). */
export async function liveTokenOf(
  tokens: Collection<ApiTokenDoc>,
  secret: string,
): Promise<ApiTokenDoc | null> {
  if (!SECRET_SHAPE.test(secret)) return null;
  return tokens.findOne({ hash: digest(secret), revokedAt: null });
}

/** Records a use, at most once per LAST_USED_RESOLUTION_MS (the filter makes concurrent calls write once). */
export async function touchToken(tokens: Collection<ApiTokenDoc>, doc: ApiTokenDoc, at: number) {
  const before = new Date(at - LAST_USED_RESOLUTION_MS);
  if (doc.lastUsedAt && doc.lastUsedAt > before) return;
  await tokens.updateOne(
    { _id: doc._id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: before } }] },
    { $set: { lastUsedAt: new Date(at) } },
  );
}
