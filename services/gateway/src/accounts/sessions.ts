import { ObjectId } from 'mongodb';
import { SESSION_MAX_AGE_SECONDS } from '@platform/contracts';
import type { AccountCollections, UserDoc } from './store';
import { digest, newToken, TOKEN_SHAPE } from './secrets';
import type { SessionCache } from './session-cache';

/** Opens a session for the user; the returned token goes into the cookie and nowhere else. */
export async function openSession(cols: AccountCollections, userId: ObjectId, now: number) {
  const token = newToken();
  await cols.sessions.insertOne({
    _id: new ObjectId(),
    hash: digest(token),
    userId,
    createdAt: new Date(now),
    expiresAt: new Date(now + SESSION_MAX_AGE_SECONDS * 1000),
  });
  return token;
}

/**
 * The user behind a session token and when the session ends, or null. An expired session counts as none
 * even before the TTL index has removed it (MongoDB sweeps about once a minute).
 */
export async function sessionUser(
  cols: AccountCollections,
  token: string | undefined,
  now: number,
): Promise<{ user: UserDoc; expiresAt: Date } | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const session = await cols.sessions.findOne({ hash: digest(token), expiresAt: { $gt: new Date(now) } });
  if (!session) return null;
  const user = await cols.users.findOne({ _id: session.userId });
  return user ? { user, expiresAt: session.expiresAt } : null;
}

/** Ends a session, here and in what this gateway remembers of it. */
export async function closeSession(cols: AccountCollections, cache: SessionCache, token: string | undefined) {
  if (!token || !TOKEN_SHAPE.test(token)) return;
  cache.forget(token);
  await cols.sessions.deleteOne({ hash: digest(token) });
}

/**
 * Ends every session of a person except the one with `keepToken` (none kept when it is undefined), in the
 * database and in this gateway's memory; another gateway process stops vouching within SESSION_CACHE_MS.
 * Answers how many ended.
 */
export async function closeSessionsOf(
  cols: AccountCollections,
  cache: SessionCache,
  userId: ObjectId,
  keepToken?: string,
): Promise<number> {
  const kept = keepToken && TOKEN_SHAPE.test(keepToken) ? digest(keepToken) : undefined;
  const filter = kept ? { userId, hash: { $ne: kept } } : { userId };
  const ending = await cols.sessions.find(filter, { projection: { hash: 1 } }).toArray();
  cache.forgetDigests(ending.map((s) => s.hash));
  // The same filter, so a session opened meanwhile ends too.
  const { deletedCount } = await cols.sessions.deleteMany(filter);
  return deletedCount;
}

/** This gateway forgets what it remembered of the person's sessions, so a new name or role shows at once. */
export async function refreshSessionsOf(cols: AccountCollections, cache: SessionCache, userId: ObjectId) {
  const sessions = await cols.sessions.find({ userId }, { projection: { hash: 1 } }).toArray();
  cache.forgetDigests(sessions.map((s) => s.hash));
}
