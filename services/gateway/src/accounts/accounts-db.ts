import type { Collection, Db, ObjectId } from 'mongodb';
import type { CollectionIndexes } from '@platform/service-kit';
import type { Role, UiLocaleCode } from '@platform/contracts';

export const GATEWAY_DB = 'gateway';

export interface UserDoc {
  _id: ObjectId;
  /** Always lowercased and trimmed; a unique index makes "one account per address" hold under concurrency. */
  email: string;
  firstname: string;
  lastname: string;
  role: Role;
  passwordHash: string;
  verified: boolean;
  createdAt: Date;
  verifiedAt?: Date;
  /** The interface language the person chose; their mails are written in it. */
  locale?: UiLocaleCode;
}

export interface SessionDoc {
  _id: ObjectId;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  hash: string;
  userId: ObjectId;
  createdAt: Date;
  expiresAt: Date;
}

/** 'verify' redeems the emailed link; 'pending' (from the sign-up answer) only asks for another mail. */
export type TokenScope = 'verify' | 'pending';

export interface TokenDoc {
  _id: ObjectId;
  hash: string;
  scope: TokenScope;
  userId: ObjectId;
  createdAt: Date;
  expiresAt: Date;
}

export const USERS = 'users';
export const SESSIONS = 'sessions';
export const TOKENS = 'verification_tokens';

/**
 * Expired links are kept this long after they expire so the verify page can still say "expired" (and offer
 * Resend) rather than "invalid"; then the TTL index removes them.
 */
export const EXPIRED_TOKEN_RETENTION_SECONDS = 7 * 24 * 3600;

export const ACCOUNT_INDEXES: CollectionIndexes[] = [
  { collection: USERS, indexes: [{ key: { email: 1 }, name: 'email_unique', unique: true }] },
  {
    collection: SESSIONS,
    indexes: [
      { key: { hash: 1 }, name: 'hash_unique', unique: true },
      { key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
      { key: { userId: 1 }, name: 'user' },
    ],
  },
  {
    collection: TOKENS,
    indexes: [
      { key: { hash: 1 }, name: 'hash_unique', unique: true },
      // One live token per person and purpose: a new link replaces the old one.
      { key: { userId: 1, scope: 1 }, name: 'user_scope_unique', unique: true },
      {
        key: { expiresAt: 1 },
        name: 'expires_ttl',
        expireAfterSeconds: EXPIRED_TOKEN_RETENTION_SECONDS,
      },
    ],
  },
];

export interface AccountCollections {
  users: Collection<UserDoc>;
  sessions: Collection<SessionDoc>;
  tokens: Collection<TokenDoc>;
}

export const accountCollections = (db: Db): AccountCollections => ({
  users: db.collection<UserDoc>(USERS),
  sessions: db.collection<SessionDoc>(SESSIONS),
  tokens: db.collection<TokenDoc>(TOKENS),
});

export const displayName = (user: Pick<UserDoc, 'firstname' | 'lastname'>) =>
  `${user.firstname} ${user.lastname}`;
