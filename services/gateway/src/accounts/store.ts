import { ObjectId, type Db, type Filter } from 'mongodb';
import {
  SESSION_MAX_AGE_SECONDS,
  VERIFICATION_LINK_TTL_HOURS,
  type ProfileLanguage,
  type Role,
  type UiLocaleCode,
} from '@platform/contracts';
import { isDuplicateKey, type CollectionIndexes } from '@platform/service-kit';
import { escapeRegex } from '../escape-regex';
import { digest, newToken, TOKEN_SHAPE } from './secrets';

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

/** How long an emailed link works. */
export const TOKEN_TTL_MS = VERIFICATION_LINK_TTL_HOURS * 3600 * 1000;

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

export type Redeemed =
  | { outcome: 'verified'; email: string }
  | { outcome: 'expired'; email?: string }
  | { outcome: 'invalid' }
  /** A change of address whose new address another account took meanwhile. */
  | { outcome: 'taken' };

/** What Settings → Profile saves. */
export interface ProfileFields {
  firstname: string;
  lastname: string;
  nameKey: string;
  nameKeys: string[];
  bio: string;
  languages: ProfileLanguage[];
  /** null clears it. */
  username: string | null;
}

/** The admins' list: a page of everyone, searched and optionally of one role. */
export interface AccountQuery {
  q?: string;
  role?: Role;
  page: number;
  pageSize: number;
}

/** The id an account is stored under, or null for a string that cannot be one (it then names nobody). */
export function accountId(id: string | ObjectId): ObjectId | null {
  if (typeof id !== 'string') return id;
  return id.length === 24 && ObjectId.isValid(id) ? new ObjectId(id) : null;
}

/**
 * The accounts (users), their sessions and their emailed links (verification_tokens): every query and write
 * on them. Ids from requests are strings; one that cannot be an account's id finds nothing.
 */
export function accountStore(db: Db) {
  const users = db.collection<UserDoc>(USERS);
  const sessions = db.collection<SessionDoc>(SESSIONS);
  const tokens = db.collection<TokenDoc>(TOKENS);

  const byId = async (id: string | ObjectId): Promise<UserDoc | null> => {
    const _id = accountId(id);
    return _id ? users.findOne({ _id }) : null;
  };

  /** Following the link mailed to a new address makes it the account's address (and proves it is theirs). */
  const applyEmailChange = async (userId: ObjectId, email: string | undefined): Promise<Redeemed> => {
    if (!email) return { outcome: 'invalid' };
    try {
      const user = await users.findOneAndUpdate(
        { _id: userId },
        { $set: { email, verified: true }, $unset: { pendingEmail: '' } },
        { returnDocument: 'after' },
      );
      return user ? { outcome: 'verified', email: user.email } : { outcome: 'invalid' };
    } catch (err) {
      if (isDuplicateKey(err)) {
        await users.updateOne({ _id: userId, pendingEmail: email }, { $unset: { pendingEmail: '' } });
        return { outcome: 'taken' };
      }
      throw err;
    }
  };

  /** A person's sessions but the one with `keepToken` (none kept when it is undefined). */
  const sessionsOf = (userId: ObjectId, keepToken?: string): Filter<SessionDoc> => {
    const kept = keepToken && TOKEN_SHAPE.test(keepToken) ? digest(keepToken) : undefined;
    return kept ? { userId, hash: { $ne: kept } } : { userId };
  };

  return {
    // ---- Accounts ----

    byId,

    /** The account of an address (already normalised), or null. */
    byEmail: (email: string) => users.findOne({ email }),

    /** Whether an address (already normalised) has an account. */
    async hasAccount(email: string): Promise<boolean> {
      return (await users.findOne({ email }, { projection: { _id: 1 } })) !== null;
    },

    /** Stores a new account; null when its address already has one. */
    async create(fields: Omit<UserDoc, '_id'>): Promise<UserDoc | null> {
      const user: UserDoc = { _id: new ObjectId(), ...fields };
      try {
        await users.insertOne(user);
        return user;
      } catch (err) {
        if (isDuplicateKey(err)) return null;
        throw err;
      }
    },

    async setLocale(userId: ObjectId, locale: UiLocaleCode) {
      await users.updateOne({ _id: userId }, { $set: { locale } });
    },

    /** Saves Settings → Profile; 'username_taken' when another account has the username in any case. */
    async saveProfile(userId: ObjectId, fields: ProfileFields): Promise<UserDoc | null | 'username_taken'> {
      const { username, ...rest } = fields;
      try {
        return await users.findOneAndUpdate(
          { _id: userId },
          username === null
            ? { $set: rest, $unset: { username: '', usernameKey: '' } }
            : { $set: { ...rest, username, usernameKey: username.toLowerCase() } },
          { returnDocument: 'after' },
        );
      } catch (err) {
        if (isDuplicateKey(err)) return 'username_taken';
        throw err;
      }
    },

    /** The avatar's version on the account (null: no avatar); the account after, or null when it is gone. */
    setAvatarVersion: (userId: ObjectId, version: number | null) =>
      users.findOneAndUpdate(
        { _id: userId },
        version === null ? { $unset: { avatarVersion: '' } } : { $set: { avatarVersion: version } },
        { returnDocument: 'after' },
      ),

    async setPendingEmail(userId: ObjectId, email: string) {
      await users.updateOne({ _id: userId }, { $set: { pendingEmail: email } });
    },

    /** A new password; a change of address still waiting is cancelled with the old one, link included. */
    async setPassword(userId: ObjectId, passwordHash: string) {
      await users.updateOne({ _id: userId }, { $set: { passwordHash }, $unset: { pendingEmail: '' } });
      await tokens.deleteMany({ userId, scope: 'email' });
    },

    /** A page of accounts sorted by name: name, address or username containing the words, one role or all. */
    async list({ q, role, page, pageSize }: AccountQuery): Promise<{ total: number; items: UserDoc[] }> {
      const filter: Filter<UserDoc> = {};
      if (role) filter.role = role;
      const words = q?.trim().toLowerCase();
      if (words) {
        // Each clause scans its own index's keys.
        const contains = new RegExp(escapeRegex(words));
        filter.$or = [{ nameKey: contains }, { email: contains }, { usernameKey: contains }];
      }
      const [total, items] = await Promise.all([
        users.countDocuments(filter),
        users
          .find(filter)
          .sort({ nameKey: 1, _id: 1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .toArray(),
      ]);
      return { total, items };
    },

    /** Gives an account another role, unless it is an admin's (fixed here); null when it is. */
    setRoleUnlessAdmin: (userId: ObjectId, role: Role) =>
      users.findOneAndUpdate(
        { _id: userId, role: { $ne: 'admin' } },
        { $set: { role } },
        { returnDocument: 'after' },
      ),

    /**
     * Verified people whose name (any word of it), username or address starts with `start`, by name: bounded
     * index scans.
     */
    peopleStartingWith(start: string, limit: number) {
      const prefix = new RegExp(`^${escapeRegex(start.trim().toLowerCase())}`);
      return users
        .find(
          { verified: true, $or: [{ nameKeys: prefix }, { usernameKey: prefix }, { email: prefix }] },
          { projection: { firstname: 1, lastname: 1, username: 1, nameKey: 1 } },
        )
        .sort({ nameKey: 1, _id: 1 })
        .limit(limit)
        .toArray();
    },

    /** Name and role of the accounts among `ids` (ids that name no account are left out). */
    async namesAndRoles(ids: readonly string[]) {
      const _ids = ids.map(accountId).filter((id): id is ObjectId => id !== null);
      if (_ids.length === 0) return [];
      return users
        .find({ _id: { $in: _ids } }, { projection: { firstname: 1, lastname: 1, role: 1 } })
        .toArray();
    },

    /** The verified accounts among `ids`. */
    async verified(ids: readonly string[]): Promise<UserDoc[]> {
      const _ids = ids.map(accountId).filter((id): id is ObjectId => id !== null);
      if (_ids.length === 0) return [];
      return users.find({ _id: { $in: _ids }, verified: true }).toArray();
    },

    /**
     * The operator's command: an account (by normalised address) gets a role and counts as verified. The
     * account as it was before, or null when the address has none.
     */
    async grantRole(email: string, role: Role): Promise<UserDoc | null> {
      const before = await users.findOneAndUpdate(
        { email },
        { $set: { role, verified: true } },
        { returnDocument: 'before' },
      );
      if (before && !before.verifiedAt && !before.verified) {
        await users.updateOne({ _id: before._id }, { $set: { verifiedAt: new Date() } });
      }
      return before;
    },

    /**
     * The account's erasure pseudonym, made once (`make` is called only when it has none): a deletion asked
     * for twice at once settles on whichever was stored first. Null when the account is gone.
     */
    async erasurePseudonym(user: UserDoc, make: () => string): Promise<string | null> {
      if (user.erasurePseudonym) return user.erasurePseudonym;
      await users.updateOne(
        { _id: user._id, erasurePseudonym: { $exists: false } },
        { $set: { erasurePseudonym: make() } },
      );
      const stored = await users.findOne({ _id: user._id }, { projection: { erasurePseudonym: 1 } });
      return stored?.erasurePseudonym ?? null;
    },

    /** The person's links and sessions. */
    async eraseCredentialsOf(userId: ObjectId) {
      await Promise.all([tokens.deleteMany({ userId }), sessions.deleteMany({ userId })]);
    },

    /** The account itself. */
    async deleteAccount(userId: ObjectId) {
      await users.deleteOne({ _id: userId });
    },

    /**
     * Accounts made before names had their lowercased keys get them (the admin list sorts by them and the
     * people search looks them up); a no-op once every account has them.
     */
    async backfillNameKeys() {
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
    },

    // ---- Sessions ----

    /** Opens a session for the user; the returned token goes into the cookie and nowhere else. */
    async openSession(userId: ObjectId, now: number): Promise<string> {
      const token = newToken();
      await sessions.insertOne({
        _id: new ObjectId(),
        hash: digest(token),
        userId,
        createdAt: new Date(now),
        expiresAt: new Date(now + SESSION_MAX_AGE_SECONDS * 1000),
      });
      return token;
    },

    /**
     * The user behind a session token and when the session ends, or null. An expired session counts as none
     * even before the TTL index has removed it (MongoDB sweeps about once a minute).
     */
    async sessionUser(
      token: string | undefined,
      now: number,
    ): Promise<{ user: UserDoc; expiresAt: Date } | null> {
      if (!token || !TOKEN_SHAPE.test(token)) return null;
      const session = await sessions.findOne({ hash: digest(token), expiresAt: { $gt: new Date(now) } });
      if (!session) return null;
      const user = await users.findOne({ _id: session.userId });
      return user ? { user, expiresAt: session.expiresAt } : null;
    },

    async endSession(token: string) {
      if (TOKEN_SHAPE.test(token)) await sessions.deleteOne({ hash: digest(token) });
    },

    /** The stored digests of a person's sessions but the one with `keepToken`. */
    async sessionDigestsOf(userId: ObjectId, keepToken?: string): Promise<string[]> {
      const found = await sessions.find(sessionsOf(userId, keepToken), { projection: { hash: 1 } }).toArray();
      return found.map((s) => s.hash);
    },

    /** Ends a person's sessions but the one with `keepToken` (one opened meanwhile too); how many ended. */
    async endSessionsOf(userId: ObjectId, keepToken?: string): Promise<number> {
      const { deletedCount } = await sessions.deleteMany(sessionsOf(userId, keepToken));
      return deletedCount;
    },

    // ---- Emailed links ----

    /**
     * A fresh token for the person and purpose; it replaces the previous one (one live token per person and
     * purpose, enforced by a unique index), so an older link stops working the moment a new one is issued.
     */
    async issueLink(userId: ObjectId, scope: TokenScope, now: number, email?: string): Promise<string> {
      const token = newToken();
      const fields = {
        hash: digest(token),
        createdAt: new Date(now),
        expiresAt: new Date(now + TOKEN_TTL_MS),
        ...(email !== undefined ? { email } : {}),
      };
      for (let attempt = 0; ; attempt++) {
        try {
          await tokens.updateOne({ userId, scope }, { $set: fields }, { upsert: true });
          return token;
        } catch (err) {
          // Two concurrent upserts for one person: the loser retries and finds the winner's document to replace.
          if (!isDuplicateKey(err) || attempt >= 2) throw err;
        }
      }
    },

    /** The person a link of that purpose belongs to while it is valid, else null. */
    async linkOwner(token: string, scope: TokenScope, now: number): Promise<UserDoc | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const doc = await tokens.findOne({ hash: digest(token), scope, expiresAt: { $gt: new Date(now) } });
      return doc ? users.findOne({ _id: doc.userId }) : null;
    },

    /**
     * Redeems an emailed link. The token is deleted as it is used, atomically, so two clicks (or two tabs) can
     * verify once: the second finds nothing and is told the link is invalid.
     */
    async redeemLink(token: string, now: number): Promise<Redeemed> {
      if (!TOKEN_SHAPE.test(token)) return { outcome: 'invalid' };
      const hash = digest(token);
      const found = await tokens.findOne({ hash, scope: { $in: ['verify', 'email'] } });
      if (!found) return { outcome: 'invalid' };
      if (found.expiresAt.getTime() <= now) {
        // An expired change of address offers nothing to resend: the person asks again from Settings.
        if (found.scope === 'email') return { outcome: 'expired' };
        const user = await users.findOne({ _id: found.userId });
        return user ? { outcome: 'expired', email: user.email } : { outcome: 'expired' };
      }
      const taken = await tokens.findOneAndDelete({ _id: found._id, hash });
      if (!taken) return { outcome: 'invalid' };
      if (found.scope === 'email') return applyEmailChange(found.userId, found.email);
      const user = await users.findOneAndUpdate(
        { _id: found.userId },
        { $set: { verified: true, verifiedAt: new Date(now) } },
        { returnDocument: 'after' },
      );
      return user ? { outcome: 'verified', email: user.email } : { outcome: 'invalid' };
    },
  };
}

export type AccountStore = ReturnType<typeof accountStore>;
