import type { Collection, Db, ObjectId } from 'mongodb';
import type { CollectionIndexes } from '@platform/service-kit';
import type { ProfileLanguage, Role, UiLocaleCode } from '@platform/contracts';

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
  /** The full name lowercased: what the admin list sorts by (set by nameFields; backfilled at start). */
  nameKey?: string;
  /** The full name lowercased and each of its words: what people search by prefix (multikey index). */
  nameKeys?: string[];
  /** Settings → Profile; shown as typed, unique whatever its case through `usernameKey`. */
  username?: string;
  /** The username lowercased, under a unique index that only counts accounts with one. */
  usernameKey?: string;
  bio?: string;
  languages?: ProfileLanguage[];
  /** A new address waiting for its link to be followed (the current one keeps working until then). */
  pendingEmail?: string;
  /** Bumped with every avatar upload; the avatar's URL carries it, so browsers may cache each one for good. */
  avatarVersion?: number;
  /** Set while the account is being deleted: what replaces its id on what the services keep. */
  erasurePseudonym?: string;
}

export interface SessionDoc {
  _id: ObjectId;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  hash: string;
  userId: ObjectId;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * 'verify' redeems the emailed link; 'pending' (from the sign-up answer) only asks for another mail;
 * 'email' is a change of address, applied when the link mailed to the new address is followed.
 */
export type TokenScope = 'verify' | 'pending' | 'email';

export interface TokenDoc {
  _id: ObjectId;
  hash: string;
  scope: TokenScope;
  userId: ObjectId;
  createdAt: Date;
  expiresAt: Date;
  /** Scope 'email': the new address. */
  email?: string;
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
  {
    collection: USERS,
    indexes: [
      { key: { email: 1 }, name: 'email_unique', unique: true },
      // Only accounts with a username count, so any number may have none.
      {
        key: { usernameKey: 1 },
        name: 'username_unique',
        unique: true,
        partialFilterExpression: { usernameKey: { $type: 'string' } },
      },
      // The admin list: sorted by name, optionally one role.
      { key: { nameKey: 1, _id: 1 }, name: 'name' },
      { key: { role: 1, nameKey: 1, _id: 1 }, name: 'role_name' },
      // Finding people by the start of any word of their name.
      { key: { nameKeys: 1 }, name: 'name_words' },
    ],
  },
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

/** The name people see: the full name (a last name may be empty once someone saves a one-word name). */
export const displayName = (user: Pick<UserDoc, 'firstname' | 'lastname'>) =>
  `${user.firstname} ${user.lastname}`.trim();

/** One space between words, none around them. */
export const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * The stored name fields for a full name: split at the first space into first and last name (so the
 * sign-up fields and the session stay consistent), and the lowercased keys the lists sort and search by.
 */
export function nameFields(fullName: string) {
  const name = tidyName(fullName);
  const space = name.indexOf(' ');
  const firstname = space < 0 ? name : name.slice(0, space);
  const lastname = space < 0 ? '' : name.slice(space + 1);
  return { firstname, lastname, ...nameKeysOf(name) };
}

export function nameKeysOf(name: string) {
  const nameKey = tidyName(name).toLowerCase();
  const words = nameKey.split(' ').filter(Boolean);
  return { nameKey, nameKeys: [...new Set([nameKey, ...words])] };
}

/**
 * Accounts made before names had their lowercased keys get them (the admin list sorts by them and the
 * people search looks them up); a no-op once every account has them.
 */
export async function backfillNameKeys(users: Collection<UserDoc>) {
  await users.updateMany({ nameKey: { $exists: false } }, [
    {
      $set: {
        nameKey: {
          $toLower: { $trim: { input: { $concat: ['$firstname', ' ', '$lastname'] } } },
        },
      },
    },
    {
      $set: {
        nameKeys: {
          $setUnion: [
            ['$nameKey'],
            { $filter: { input: { $split: ['$nameKey', ' '] }, cond: { $ne: ['$$this', ''] } } },
          ],
        },
      },
    },
  ]);
}
