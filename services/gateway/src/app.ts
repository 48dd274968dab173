import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { RemotesManifest } from '@platform/contracts';
import {
  createService,
  createServiceClient,
  databaseOf,
  registerRouteModules,
  type ServiceApp,
} from '@platform/service-kit';
import { SERVICE_IDENTITIES } from '@platform/contracts';
import { API_TOKEN_RATE_LIMIT_PER_MINUTE, API_TOKENS_MAX } from '@platform/contracts';
import { accountCollections, ACCOUNT_INDEXES, GATEWAY_DB } from './accounts/store';
import { API_TOKEN_INDEXES, apiTokenCollection } from './api-tokens/store';
import { registerBearerGate } from './edge/bearer';
import { DEFAULT_PASSWORD_CHECKS, DEFAULT_RATE_LIMITS, type AccountRateLimits } from './accounts/limits';
import { BackgroundWork } from './accounts/background';
import { createMailer, type Mailer } from './accounts/mailer';
import { createPasswordHasher, type HashingLimits } from './accounts/passwords';
import { SessionCache } from './accounts/session-cache';
import { sessionCookie } from './accounts/session-cookie';
import { COMPRESSION_THRESHOLD_BYTES } from './edge/compression';
import type { GatewayContext } from './context';
import { resolveIdentityAtTheEdge } from './edge/identity';
import { ROUTE_MODULES } from './routes';
import { resolveUser as nobodySignedIn, sessionResolver, type ResolveUser } from './edge/identity-propagation';
import { gatewayLoggerOptions } from './edge/logging';
import { allowedOrigins, registerOriginGuard } from './edge/origin-guard';
import { registerPathGuard } from './edge/path-guard';
import { DEFAULT_UPSTREAM_TIMEOUTS, proxyRoutes, type UpstreamTimeouts } from './edge/proxy';
import { mongoRateLimitStore, RATE_LIMIT_INDEXES, rateLimitCounters } from './edge/rate-limits/store';
import {
  DEFAULT_WRITE_RATE_LIMITS,
  registerWriteLimits,
  writeGate,
  type WriteRateLimits,
} from './edge/rate-limits/write-limits';
import { serviceReadiness } from './edge/readiness';
import { buildRemotesManifest, pagePaths, remoteOrigins } from './edge/remotes-manifest';
import { remotesRoute } from './edge/remotes-route';
import { buildPublicOpenApi, OPENAPI_PATH } from './edge/public-openapi';
import type { RateLimit } from './edge/rate-limits/keyed-limiter';
import { ROUTING_TABLE, type RoutingRule, type ServiceName } from './edge/routing-table';
import { registerSecurityHeaders } from './edge/security-headers';
import { registerShellStatic, spaFallback } from './edge/shell-static';
import { DEFAULT_DIGEST_INTERVAL_MS, DigestJob } from './digest/digest-job';
import { STORAGE_RESERVATION_INDEXES, storageReservations } from './edge/storage-quota/store';
import {
  DEFAULT_STORAGE_FREE_FLOOR_BYTES,
  DEFAULT_STORAGE_QUOTA_BYTES,
  type StorageSettings,
} from './edge/storage-quota/settings';
import { storageGate, type StorageGate } from './edge/storage-quota/storage-gate';
import { storedBytesReader } from './edge/storage-quota/stored-bytes';
import { SETTINGS_INDEXES, settingsCollections } from './settings/store';
import type { RateLimit as PasswordCheckLimit } from './edge/rate-limits/keyed-limiter';
import { PUBLIC_SITE_INDEXES, publicSiteCollections } from './public-site/store';
import { FiguresCache } from './public-site/figures';
import { DEFAULT_PUBLIC_SITE_SETTINGS, type PublicSiteSettings } from './public-site/settings';

export interface GatewayOptions {
  /** Base URLs of the services, e.g. { text: 'http://127.0.0.1:4001', speech: 'http://127.0.0.1:4002' }. */
  upstreams: Record<ServiceName, string>;
  identitySecret: string;
  /** The shell's build folder. */
  shellDist: string;
  /** What /remotes.json answers; defaults to the catalogue with REMOTE_<KEY>_URL overrides from the env. */
  remotes?: RemotesManifest;
  /**
   * Who is signed in. Defaults to the plt session when accounts are configured, else nobody. Tests of the
   * proxy alone inject their own.
   */
  resolveUser?: ResolveUser;
  /** Accounts and sessions under /auth; without them /auth answers 404 and nobody is signed in. */
  accounts?: AccountsOptions;
  /** The origin people use, e.g. https://data.example.org (default http://localhost:3000). */
  publicUrl?: string;
  /** Further origins allowed to make state-changing requests (ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
  /**
   * Fastify's trustProxy: honour X-Forwarded-* (client IP, TLS) only from the proxies we sit behind, as a
   * hop count or their addresses; never `true`, which would believe whatever a client writes there.
   */
  trustProxy?: false | number | string;
  timeouts?: Partial<UpstreamTimeouts>;
  /** How long /readyz waits for each service. */
  readinessTimeoutMs?: number;
  routingTable?: readonly RoutingRule[];
  logger?: FastifyServerOptions['logger'];
  /** Development builds (webpack dev servers) need eval and websockets in the CSP. */
  devMode?: boolean;
}

export interface AccountsOptions {
  mongoUri: string;
  /** Defaults to `gateway`. */
  dbName?: string;
  /** .eml files go to `${dataDir}/outbox` when there is no SMTP server. */
  dataDir: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Replaces the mail transport entirely (tests that watch what is sent). */
  mailer?: Mailer;
  /** log2 of scrypt's N; production uses 17. Tests lower it to keep hashing fast. */
  passwordLogN?: number;
  /** Hashes at once and waiting (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE); beyond them 503. */
  hashing?: Partial<HashingLimits>;
  /** The clock for sessions, links and rate limits (tests move it). */
  now?: () => number;
  rateLimits?: Partial<AccountRateLimits>;
  /** Per-person limits on every write and upload (WRITE_RATE_LIMIT_*, UPLOAD_RATE_LIMIT_*). */
  writeLimits?: Partial<WriteRateLimits>;
  /** Mail sent after answering; tests await background.idle(). */
  background?: BackgroundWork;
  /** Personal API tokens: how many live ones a person may hold, and each token's rate limit. */
  apiTokens?: Partial<ApiTokenLimits>;
  /** How often the digest job looks for mail to send (DIGEST_INTERVAL_MS); 0 never starts it (tests). */
  digestIntervalMs?: number;
  /** Current-password checks (settings: password, address, deletion) per person and window. */
  passwordChecks?: PasswordCheckLimit;
  /** The public site: contact address (CONTACT_EMAIL), its rate limits, the figures' cache (PUBLIC_STATS_CACHE_MS). */
  publicSite?: Partial<PublicSiteSettings>;
  /** Each person's storage quota and the data disk's floor (STORAGE_QUOTA_BYTES, STORAGE_FREE_FLOOR_BYTES). */
  storage?: Partial<StorageSettings>;
}

export interface ApiTokenLimits {
  /** API_TOKENS_MAX by default. */
  max: number;
  /** API_TOKEN_RATE_LIMIT_PER_MINUTE calls a minute by default (env API_TOKEN_RATE_LIMIT_PER_MINUTE). */
  rateLimit: RateLimit;
}

export const DEFAULT_API_TOKEN_LIMITS: ApiTokenLimits = {
  max: API_TOKENS_MAX,
  rateLimit: { max: API_TOKEN_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
};

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
/** How long the gateway waits for a service to erase a deleted account's data. */
export const ACCOUNT_ERASURE_TIMEOUT_MS = 60_000;
export const DEFAULT_MAIL_FROM = 'no-reply@localhost';

/** Fastify's trustProxy for a hop count (the n addresses nearest the gateway are proxies) or an address list. */
function trustedProxies(setting: GatewayOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting ?? false;
}

/** The one public origin: the shell, /remotes.json, and /api, /auth, /audio routed to their owners. */
export async function buildApp(options: GatewayOptions): Promise<ServiceApp> {
  const remotes = options.remotes ?? buildRemotesManifest();
  const timeouts = { ...DEFAULT_UPSTREAM_TIMEOUTS, ...options.timeouts };
  const readinessMs = options.readinessTimeoutMs ?? 2000;
  const shellIndex = join(options.shellDist, 'index.html');
  const publicUrl = (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const origins = allowedOrigins(publicUrl, options.allowedOrigins);
  const accounts = options.accounts;
  const now = accounts?.now ?? Date.now;
  const background = accounts?.background ?? new BackgroundWork();
  let digestJob: DigestJob | undefined;

  const app = await createService({
    name: 'gateway',
    logger: options.logger === undefined ? gatewayLoggerOptions() : options.logger,
    ...(accounts
      ? {
          mongoUri: accounts.mongoUri,
          dbName: accounts.dbName ?? GATEWAY_DB,
          indexes: [
            ...ACCOUNT_INDEXES,
            ...RATE_LIMIT_INDEXES,
            ...API_TOKEN_INDEXES,
            ...SETTINGS_INDEXES,
            ...PUBLIC_SITE_INDEXES,
            ...STORAGE_RESERVATION_INDEXES,
          ],
        }
      : {}),
    fastify: { trustProxy: trustedProxies(options.trustProxy) },
    notFoundHandler: spaFallback(options.shellDist, pagePaths(remotes)),
    readinessChecks: {
      shell: async () => existsSync(shellIndex),
      text: serviceReadiness(options.upstreams.text, readinessMs),
      speech: serviceReadiness(options.upstreams.speech, readinessMs),
    },
    setup: async (root) => {
      registerSecurityHeaders(root, remoteOrigins(remotes), options.devMode);
      registerPathGuard(root);
      registerOriginGuard(root, origins);
      // Cookies are parsed in one place, for every route and the shell's fallback page alike; a value that
      // is not validly encoded is kept as sent (never thrown on), so it reads as no known language or session.
      await root.register(fastifyCookie);
    },
    routes: async (scope) => {
      // The shell's JavaScript and JSON answers go out gzipped to browsers that accept it; audio and other
      // incompressible types pass through untouched (mime-db says which). gzip only: on-the-fly brotli at
      // its default quality costs far more CPU per asset.
      await scope.register(fastifyCompress, {
        global: true,
        threshold: COMPRESSION_THRESHOLD_BYTES,
        encodings: ['gzip'],
      });
      const typed = scope as ServiceApp;
      remotesRoute(typed, remotes);
      await registerShellStatic(scope, options.shellDist);
      // The public API's one OpenAPI document, built from the declarations on first request, then kept.
      let openApi: Promise<Record<string, unknown>> | undefined;
      scope.get(OPENAPI_PATH, { schema: { hide: true } }, async () => {
        openApi ??= buildPublicOpenApi(publicUrl);
        return openApi;
      });
      let resolveUser = options.resolveUser ?? nobodySignedIn;
      let storage: StorageGate | undefined;
      let context: GatewayContext | undefined;
      if (accounts) {
        // Limits are checked from handlers (createRateLimit), never as a hook on every route.
        await scope.register(fastifyRateLimit, {
          global: false,
          store: mongoRateLimitStore(rateLimitCounters(databaseOf(typed)), now),
        });
        const cols = accountCollections(databaseOf(typed));
        const hasher = createPasswordHasher({ logN: accounts.passwordLogN, limits: accounts.hashing });
        // Outbox file names follow the wall clock, not the injectable one, so they sort by real time.
        const mailer =
          accounts.mailer ??
          createMailer({
            smtpUrl: accounts.smtpUrl,
            outboxDir: join(accounts.dataDir, 'outbox'),
            from: accounts.mailFrom ?? DEFAULT_MAIL_FROM,
          });
        const sessionCache = new SessionCache();
        const cookie = sessionCookie(publicUrl);
        const table = options.routingTable ?? ROUTING_TABLE;
        const session = options.resolveUser ?? sessionResolver(cols, now, sessionCache, cookie);
        const tokenLimits = { ...DEFAULT_API_TOKEN_LIMITS, ...accounts.apiTokens };
        const tokens = apiTokenCollection(databaseOf(typed));
        // Before /auth and the proxy, whose routes it must cover: a bearer token is checked at the door.
        resolveUser = registerBearerGate(
          scope,
          { tokens, users: cols.users, table, now, rateLimit: tokenLimits.rateLimit },
          session,
        );
        const serviceClient = (target: ServiceName, timeoutMs?: number) =>
          createServiceClient({
            identity: SERVICE_IDENTITIES.gateway,
            target,
            baseUrl: options.upstreams[target],
            secret: options.identitySecret,
            log: typed.log,
            ...(timeoutMs ? { timeoutMs } : {}),
          });
        // Every upload passes here: each person's quota and the data disk's floor are checked before its body.
        const storageSettings: StorageSettings = {
          quotaBytes: DEFAULT_STORAGE_QUOTA_BYTES,
          freeFloorBytes: DEFAULT_STORAGE_FREE_FLOOR_BYTES,
          dataDir: accounts.dataDir,
          ...accounts.storage,
        };
        const stored = storedBytesReader(serviceClient('text'), serviceClient('speech'));
        storage = storageGate({
          settings: storageSettings,
          stored,
          reservations: storageReservations(databaseOf(typed)),
          now,
        });
        const settings = settingsCollections(databaseOf(typed));
        const publicSite = { ...DEFAULT_PUBLIC_SITE_SETTINGS, ...accounts.publicSite };
        context = {
          cols,
          settings,
          apiTokens: tokens,
          publicSite: publicSiteCollections(databaseOf(typed)),
          hasher,
          mailer,
          background,
          publicUrl,
          now,
          sessionCache,
          cookie,
          identitySecret: options.identitySecret,
          rateLimits: { ...DEFAULT_RATE_LIMITS, ...accounts.rateLimits },
          passwordChecks: accounts.passwordChecks ?? DEFAULT_PASSWORD_CHECKS,
          apiTokensMax: tokenLimits.max,
          // Account deletion: a prolific contributor's data takes the services longer than a usual call.
          erasure: {
            text: serviceClient('text', ACCOUNT_ERASURE_TIMEOUT_MS),
            speech: serviceClient('speech', ACCOUNT_ERASURE_TIMEOUT_MS),
          },
          stored,
          quotaBytes: storageSettings.quotaBytes,
          publicSiteSettings: publicSite,
          figures: new FiguresCache({
            speech: serviceClient('speech'),
            text: serviceClient('text'),
            ttlMs: publicSite.statsCacheMs,
            now,
            onStale: (err) =>
              typed.log.warn({ err }, 'public figures: services failed, serving the last ones'),
          }),
        };
        const intervalMs = accounts.digestIntervalMs ?? DEFAULT_DIGEST_INTERVAL_MS;
        if (intervalMs > 0) {
          digestJob = new DigestJob({
            db: databaseOf(typed),
            cols,
            settings,
            text: serviceClient('text'),
            mailer,
            publicUrl,
            now,
            log: typed.log.child({ component: 'digest' }),
            intervalMs,
          });
        }
      }
      // Who is calling is resolved once, here, for every route after it: the gateway's own and the proxy.
      resolveIdentityAtTheEdge(scope, resolveUser);
      if (accounts && context) {
        // Every write from here on (the gateway's own routes and the proxy's) counts against the person.
        registerWriteLimits(
          scope,
          writeGate(scope, { ...DEFAULT_WRITE_RATE_LIMITS, ...accounts.writeLimits }),
        );
        await registerRouteModules(typed, ROUTE_MODULES, context);
      }
      await scope.register(proxyRoutes, {
        upstreams: options.upstreams,
        table: options.routingTable ?? ROUTING_TABLE,
        identitySecret: options.identitySecret,
        timeouts,
        storageGate: storage,
      });
    },
  });
  // The digest job starts once the gateway is up, and a pass under way finishes before the database closes.
  app.addHook('onReady', async () => digestJob?.start());
  app.addHook('onClose', async () => digestJob?.stop());
  // Mail still being sent when the gateway stops is finished first (the database closes after this).
  app.addHook('onClose', async () => background.idle());
  return app;
}
