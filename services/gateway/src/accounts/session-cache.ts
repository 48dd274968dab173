import { LRUCache } from 'lru-cache';
import type { Identity } from '@platform/contracts';
import { digest } from './secrets';

/** How long the gateway vouches for a session from memory before asking the database again. */
export const SESSION_CACHE_MS = 2000;
const MAX_SESSIONS = 50_000;

/**
 * Who is behind each session token the gateway has looked up in the last SESSION_CACHE_MS. Without it
 * every proxied call of a signed-in person cost two database reads (the session, then the user) before
 * the service did any work of its own. Signing out or in on this gateway forgets the old session at once;
 * a change made elsewhere (the admin command, another gateway process) applies within SESSION_CACHE_MS.
 * Tokens are kept by digest, as in the database, and an entry never outlives its session.
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, { identity: Identity; until: number }>({
    max: MAX_SESSIONS,
  });

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  get(token: string, now: number): Identity | undefined {
    const key = digest(token);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.identity;
    this.entries.delete(key);
    return undefined;
  }

  remember(token: string, identity: Identity, sessionExpiresAt: Date, now: number) {
    this.entries.set(digest(token), {
      identity,
      until: Math.min(now + this.ttlMs, sessionExpiresAt.getTime()),
    });
  }

  forget(token: string) {
    this.entries.delete(digest(token));
  }

  /** Forgets sessions by their stored digest (the sessions collection's `hash`): ended without their token. */
  forgetDigests(hashes: Iterable<string>) {
    for (const hash of hashes) this.entries.delete(hash);
  }
}
