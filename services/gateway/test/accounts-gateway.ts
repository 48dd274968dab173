import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceApp } from '@platform/service-kit';
import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import type { BackgroundWork } from '../src/accounts/background';
import { buildApp, type GatewayOptions } from '../src/app';
import { DEFAULT_RATE_LIMITS, type AccountRateLimits } from '../src/accounts/limits';
import { makeShellDist } from './shell-dist';
import { startTestUpstream, type TestUpstream } from './upstream';

/** Plenty for tests that are not about a given limit (their clock barely moves, so windows never reset). */
export const ROOMY_RATE_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, { max: 10_000, windowMs: 60_000 }]),
) as unknown as AccountRateLimits;

export interface AccountsGateway {
  mongo: TestMongo;
  upstream: TestUpstream;
  dataDir: string;
  /** The first gateway, ready (its indexes exist). */
  app: ServiceApp;
  /** One more gateway on the same database, services and data folder, connected to the database. */
  build(overrides?: Partial<GatewayOptions>): Promise<ServiceApp>;
  close(): Promise<void>;
}

/** Waits until the gateway says it is ready (its database answers and its indexes exist). */
export async function untilReady(app: ServiceApp) {
  for (let i = 0; i < 100 && (await app.inject({ url: '/readyz' })).statusCode !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The gateway on its own test database, with a recording stand-in for the services, a temporary shell build
 * and data folder: what the account and rate-limit suites start from. `upstreams` replaces the stand-in.
 */
export async function startAccountsGateway(options: {
  secret: string;
  dbPrefix: string;
  now: () => number;
  background: BackgroundWork;
  upstreams?: GatewayOptions['upstreams'];
}): Promise<AccountsGateway> {
  const [mongo, upstream, shell, dataDir] = await Promise.all([
    startTestMongo(),
    startTestUpstream(),
    makeShellDist(),
    mkdtemp(join(tmpdir(), `${options.dbPrefix}-`)),
  ]);
  const dbName = uniqueDbName(options.dbPrefix);
  const opened: ServiceApp[] = [];
  const build = async (overrides: Partial<GatewayOptions> = {}) => {
    const app = await buildApp({
      upstreams: options.upstreams ?? { text: upstream.url, speech: upstream.url },
      identitySecret: options.secret,
      shellDist: shell.dir,
      logger: false,
      mongoUri: mongo.uri,
      dbName,
      dataDir,
      passwordLogN: 10,
      now: options.now,
      background: options.background,
      rateLimits: ROOMY_RATE_LIMITS,
      // Suites run the digest job's passes themselves.
      digestIntervalMs: 0,
      ...overrides,
    });
    opened.push(app);
    // Connected, so a test's first request does not race the client's first connection on a busy machine.
    for (let i = 0; i < 200 && !app.database?.indexesReady(); i++)
      await new Promise((r) => setTimeout(r, 50));
    return app;
  };
  const app = await build();
  // Unique indexes must exist before tests race on them; /readyz says when they do.
  await untilReady(app);
  const close = async () => {
    await app.database?.db.dropDatabase().catch(() => undefined);
    for (const each of opened) await each.close();
    await Promise.all([mongo.stop(), upstream.close(), shell.remove()]);
    await rm(dataDir, { recursive: true, force: true });
  };
  return { mongo, upstream, dataDir, app, build, close };
}
