import type { ObjectId } from 'mongodb';
import { TOKEN_SHAPE } from './secrets';
import type { SessionCache } from './session-cache';
import type { AccountStore } from './store';

/** Ends a session, here and in what this gateway remembers of it. */
export async function closeSession(accounts: AccountStore, cache: SessionCache, token: string | undefined) {
  if (!token || !TOKEN_SHAPE.test(token)) return;
  cache.forget(token);
  await accounts.endSession(token);
}

/**
 * Ends every session of a person except the one with `keepToken` (none kept when it is undefined), in the
 * database and in this gateway's memory; another gateway process stops vouching within SESSION_CACHE_MS.
 * Answers how many ended.
 */
export async function closeSessionsOf(
  accounts: AccountStore,
  cache: SessionCache,
  userId: ObjectId,
  keepToken?: string,
): Promise<number> {
  cache.forgetDigests(await accounts.sessionDigestsOf(userId, keepToken));
  return accounts.endSessionsOf(userId, keepToken);
}

/** This gateway forgets what it remembered of the person's sessions, so a new name or role shows at once. */
export async function refreshSessionsOf(accounts: AccountStore, cache: SessionCache, userId: ObjectId) {
  cache.forgetDigests(await accounts.sessionDigestsOf(userId));
}
