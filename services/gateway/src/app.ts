import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import {
  API_TOKEN_RATE_LIMIT_PER_MINUTE,
  API_TOKENS_MAX,
  SERVICE_IDENTITIES,
  type RemotesManifest,
} from '@platform/contracts';
import {
  createService,
  createServiceClient,
  databaseOf,
  registerRouteModules,
  type ServiceApp,
} from '@platform/service-kit';
import { BackgroundWork } from './accounts/background';
import { DEFAULT_PASSWORD_CHECKS, DEFAULT_RATE_LIMITS, type AccountRateLimits } from './accounts/limits';
import { createMailer, type Mailer } from './accounts/mailer';
import { nameKeysBackfill } from './accounts/name-keys-backfill';
import { createPasswordHasher, type HashingLimits } from './accounts/passwords';
import { SessionCache } from './accounts/session-cache';
import { sessionCookie } from './accounts/session-cookie';
import { GATEWAY_DB } from './accounts/store';
import type { GatewayContext } from './context';
import { DEFAULT_DIGEST_INTERVAL_MS, DigestJob } from './digest/digest-job';
import { COMPRESSION_THRESHOLD_BYTES } from './edge/compression';
import { resolveIdentityAtTheEdge } from './edge/identity';
import { gatewayLoggerOptions } from './edge/logging';
import { allowedOrigins, registerOriginGuard } from './edge/origin-guard';
import { registerPathGuard, splitTarget } from './edge/path-guard';
import { DEFAULT_UPSTREAM_TIMEOUTS, proxyRoutes, type UpstreamTimeouts } from './edge/proxy';
import { buildPublicOpenApi, OPENAPI_PATH } from './edge/public-openapi';
import type { RateLimit } from './edge/rate-limits/keyed-limiter';
import { mongoRateLimitStore } from './edge/rate-limits/store';
import {
  DEFAULT_WRITE_RATE_LIMITS,
  registerWriteLimits,
  writeGate,
  type WriteRateLimits,
} from './edge/rate-limits/write-limits';
import { balancedServiceClient } from './edge/balanced-client';
import { serviceReadiness } from './edge/readiness';
import { UpstreamPool } from './edge/upstream-pool';
import { buildRemotesManifest, pagePaths, remoteOrigins } from './edge/remotes-manifest';
import { remotesRoute } from './edge/remotes-route';
import { ROUTING_TABLE, type RoutingRule, type ServiceName } from './edge/routing-table';
import { registerSecurityHeaders } from './edge/security-headers';
import { registerShellStatic, spaFallback } from './edge/shell-static';
import { PagePreloads } from './edge/page-preloads';
import {
  DEFAULT_STORAGE_FREE_FLOOR_BYTES,
  DEFAULT_STORAGE_QUOTA_BYTES,
  type StorageSettings,
} from './edge/storage-quota/settings';
import { storageGate } from './edge/storage-quota/storage-gate';
import { storedBytesReader } from './edge/storage-quota/stored-bytes';
import { uploadDrainBytesFor } from './edge/upload-drain';
import { PublicFiguresSource } from './public-site/figures';
import { DEFAULT_PUBLIC_SITE_SETTINGS, type PublicSiteSettings } from './public-site/settings';
import { ROUTE_MODULES } from './routes';
import { GATEWAY_INDEXES, gatewayStores } from './stores';

export interface GatewayOptions {
  /**
   * Base URLs of the services, e.g. { text: 'http://127.0.0.1:4001', speech: 'http://127.0.0.1:4002' }, or a
   * list of a service's copies, which requests take in turn.
   */
  upstreams: Record<ServiceName, string | readonly string[]>;
  identitySecret: string;
  /** The shell's build folder. */
  shellDist: string;
  /** The database server (MONGODB_URI): accounts, sessions, settings, tokens, limits, the public site. */
  mongoUri: string;
  /** Defaults to `gateway`. */
  dbName?: string;
  /** The data folder: `.eml` files go to `${dataDir}/outbox` without SMTP, and uploads keep its disk's floor. */
  dataDir: string;
  /** What /remotes.json answers; defaults to the catalogue with REMOTE_<KEY>_URL overrides from the env. */
  remotes?: RemotesManifest;
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
  /** Per-client limits on sign-up, sign-in, verification and resending. */
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
  passwordChecks?: RateLimit;
  /** The public site: contact address (CONTACT_EMAIL) and its rate limits. */
  publicSite?: Partial<PublicSiteSettings>;
  /** Each person's storage quota and the data disk's floor (STORAGE_QUOTA_BYTES, STORAGE_FREE_FLOOR_BYTES). */
  storage?: Partial<Omit<StorageSettings, 'dataDir'>>;
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

/** Work the gateway runs beside its requests, started once it is up and stopped before the database closes. */
interface BackgroundJob {
  start(): void;
  stop(): Promise<unknown>;
}

/**
 * The one public origin. First the edge, which every request passes: security headers, the path and origin
 * guards, the shell and /remotes.json, compression, who is calling (one lookup: an API token or the session
 * cookie), the per-person write limits, and last the proxy to the services with its storage gate. Between
 * them the features the gateway owns (accounts, settings, tokens, admin, the public site), each a domain
 * folder with its store, served by the route modules below src/routes.
 */
export async function buildApp(options: GatewayOptions): Promise<ServiceApp> {
  const remotes = options.remotes ?? buildRemotesManifest();
  const pagePreloads = new PagePreloads(remotes, options.shellDist);
  const uploadDrains = uploadDrainBytesFor();
  const timeouts = { ...DEFAULT_UPSTREAM_TIMEOUTS, ...options.timeouts };
  const readinessMs = options.readinessTimeoutMs ?? 2000;
  const shellIndex = join(options.shellDist, 'index.html');
  const publicUrl = (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const origins = allowedOrigins(publicUrl, options.allowedOrigins);
  const table = options.routingTable ?? ROUTING_TABLE;
  const now = options.now ?? Date.now;
  const background = options.background ?? new BackgroundWork();
  const tokenLimits = { ...DEFAULT_API_TOKEN_LIMITS, ...options.apiTokens };
  const storageSettings: StorageSettings = {
    quotaBytes: DEFAULT_STORAGE_QUOTA_BYTES,
    freeFloorBytes: DEFAULT_STORAGE_FREE_FLOOR_BYTES,
    ...options.storage,
    dataDir: options.dataDir,
  };
  const publicSite = { ...DEFAULT_PUBLIC_SITE_SETTINGS, ...options.publicSite };
  const jobs: BackgroundJob[] = [];
  // One pool per service, shared by the proxy and the gateway's own calls, so both pass over a dead copy.
  const upstreams: Record<ServiceName, UpstreamPool> = {
    text: new UpstreamPool(options.upstreams.text),
    speech: new UpstreamPool(options.upstreams.speech),
  };

  const app = await createService({
    name: 'gateway',
    logger: options.logger === undefined ? gatewayLoggerOptions() : options.logger,
    mongoUri: options.mongoUri,
    dbName: options.dbName ?? GATEWAY_DB,
    indexes: GATEWAY_INDEXES,
    fastify: { trustProxy: trustedProxies(options.trustProxy) },
    notFoundHandler: spaFallback(options.shellDist, pagePaths(remotes), pagePreloads),
    // A body refused before it was read (a token that may not write, a cross-site origin, a limit) is drained
    // up to the most its declared route could take, so the client reads the refusal.
    uploadDrainBytes: (request) => uploadDrains(request.method, splitTarget(request.url).path),
    readinessChecks: {
      shell: async () => existsSync(shellIndex),
      text: serviceReadiness(upstreams.text, readinessMs),
      speech: serviceReadiness(upstreams.speech, readinessMs),
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
      const typed = scope as ServiceApp;
      const db = databaseOf(typed);
      const stores = gatewayStores(db);
      const serviceClient = (target: ServiceName, timeoutMs?: number) =>
        balancedServiceClient(upstreams[target], (baseUrl) =>
          createServiceClient({
            identity: SERVICE_IDENTITIES.gateway,
            target,
            baseUrl,
            secret: options.identitySecret,
            log: typed.log,
            ...(timeoutMs ? { timeoutMs } : {}),
          }),
        );

      // ---- The edge ----

      // The shell's JavaScript and JSON answers go out gzipped to browsers that accept it; audio and other
      // incompressible types pass through untouched (mime-db says which). gzip only: on-the-fly brotli at
      // its default quality costs far more CPU per asset.
      await scope.register(fastifyCompress, {
        global: true,
        threshold: COMPRESSION_THRESHOLD_BYTES,
        encodings: ['gzip'],
      });
      remotesRoute(typed, remotes);
      await registerShellStatic(scope, options.shellDist, pagePreloads);
      // The public API's one OpenAPI document, built from the declarations on first request, then kept.
      let openApi: Promise<Record<string, unknown>> | undefined;
      scope.get(OPENAPI_PATH, { schema: { hide: true } }, async () => {
        openApi ??= buildPublicOpenApi(publicUrl);
        return openApi;
      });
      // Limits are checked from handlers and hooks (createRateLimit), never as a hook on every route.
      await scope.register(fastifyRateLimit, {
        global: false,
        store: mongoRateLimitStore(stores.rateLimits, now),
      });
      const sessionCache = new SessionCache();
      const cookie = sessionCookie(publicUrl);
      // Who is calling is resolved once, here, for every route after it: the gateway's own and the proxy.
      resolveIdentityAtTheEdge(scope, {
        accounts: stores.accounts,
        tokens: stores.apiTokens,
        table,
        now,
        rateLimit: tokenLimits.rateLimit,
        sessionCache,
        cookie,
      });
      // Every write from here on (the gateway's own routes and the proxy's) counts against the person.
      registerWriteLimits(scope, writeGate(scope, { ...DEFAULT_WRITE_RATE_LIMITS, ...options.writeLimits }));
      const stored = storedBytesReader(serviceClient('text'), serviceClient('speech'));

      // ---- The features ----

      const hasher = createPasswordHasher({ logN: options.passwordLogN, limits: options.hashing });
      // Outbox file names follow the wall clock, not the injectable one, so they sort by real time.
      const mailer =
        options.mailer ??
        createMailer({
          smtpUrl: options.smtpUrl,
          outboxDir: join(options.dataDir, 'outbox'),
          from: options.mailFrom ?? DEFAULT_MAIL_FROM,
        });
      const context: GatewayContext = {
        stores,
        hasher,
        mailer,
        background,
        publicUrl,
        now,
        sessionCache,
        cookie,
        identitySecret: options.identitySecret,
        rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
        passwordChecks: options.passwordChecks ?? DEFAULT_PASSWORD_CHECKS,
        apiTokensMax: tokenLimits.max,
        // Account deletion: a prolific contributor's data takes the services longer than a usual call.
        erasure: {
          text: serviceClient('text', ACCOUNT_ERASURE_TIMEOUT_MS),
          speech: serviceClient('speech', ACCOUNT_ERASURE_TIMEOUT_MS),
        },
        stored,
        quotaBytes: storageSettings.quotaBytes,
        publicSiteSettings: publicSite,
        figures: new PublicFiguresSource({
          speech: serviceClient('speech'),
          text: serviceClient('text'),
          now,
          onStale: (err) => typed.log.warn({ err }, 'public figures: services failed, serving the last ones'),
        }),
      };
      await registerRouteModules(typed, ROUTE_MODULES, context);
      jobs.push(
        nameKeysBackfill({
          db,
          accounts: stores.accounts,
          log: typed.log,
          now,
          connected: () => typed.database?.isConnected() ?? false,
        }),
      );
      const digestIntervalMs = options.digestIntervalMs ?? DEFAULT_DIGEST_INTERVAL_MS;
      if (digestIntervalMs > 0) {
        jobs.push(
          new DigestJob({
            db,
            accounts: stores.accounts,
            settings: stores.settings,
            text: serviceClient('text'),
            mailer,
            publicUrl,
            now,
            log: typed.log.child({ component: 'digest' }),
            intervalMs: digestIntervalMs,
          }),
        );
      }

      // ---- The edge's last part: everything else under /api and /audio goes to its service ----

      await scope.register(proxyRoutes, {
        upstreams,
        table,
        identitySecret: options.identitySecret,
        timeouts,
        // Every upload passes here: each person's quota and the data disk's floor are checked before its body.
        storageGate: storageGate({
          settings: storageSettings,
          stored,
          reservations: stores.reservations,
          now,
        }),
      });
    },
  });
  // Background jobs start once the gateway is up, and a pass under way finishes before the database closes.
  app.addHook('onReady', async () => jobs.forEach((job) => job.start()));
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
  // Mail still being sent when the gateway stops is finished first (the database closes after this).
  app.addHook('onClose', async () => background.idle());
  return app;
}
