import type { ServiceClient } from '@platform/service-kit';
import type { BackgroundWork } from './accounts/background';
import type { AccountRateLimits } from './accounts/limits';
import type { Mailer } from './accounts/mailer';
import type { PasswordHasher } from './accounts/passwords';
import type { SessionCache } from './accounts/session-cache';
import type { SessionCookie } from './accounts/session-cookie';
import type { RateLimit } from './edge/rate-limits/keyed-limiter';
import type { StoredBytesReader } from './edge/storage-quota/stored-bytes';
import type { PublicFiguresSource } from './public-site/figures';
import type { PublicSiteSettings } from './public-site/settings';
import type { GatewayStores } from './stores';

/**
 * What the gateway's own routes (every module below src/routes) are given: the stores, the mail, the clock,
 * the limits and the clients of the services. Built once in app.ts. Who is calling is not here: the edge
 * resolves it once per request (request.identity).
 */
export interface GatewayContext {
  /** The only way to the database: one store per domain. */
  stores: GatewayStores;
  hasher: PasswordHasher;
  mailer: Mailer;
  background: BackgroundWork;
  publicUrl: string;
  now: () => number;
  /** Forgotten here when a session ends or a person changes, so proxied calls follow at once. */
  sessionCache: SessionCache;
  cookie: SessionCookie;
  /** Signs service-to-service calls, verifies the services' calls to /internal, derives newsletter links. */
  identitySecret: string;
  rateLimits: AccountRateLimits;
  /** Current-password checks per person (a stolen session must not become a password oracle). */
  passwordChecks: RateLimit;
  /** Live API tokens a person may hold. */
  apiTokensMax: number;
  /** The services a deleted account's data is erased from (with a longer timeout than usual calls). */
  erasure: { text: ServiceClient; speech: ServiceClient };
  stored: StoredBytesReader;
  quotaBytes: number;
  publicSiteSettings: PublicSiteSettings;
  figures: PublicFiguresSource;
}
