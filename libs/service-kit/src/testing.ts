import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIdentity } from './identity';
import type { ServiceApp } from './service-app';

export interface TestMongo {
  uri: string;
  stop(): Promise<void>;
}

interface EmbeddedMongoModule {
  start(options: { port: number; dbPath: string }): Promise<{ uri: string; stop(): Promise<void> }>;
}

/**
 * A MongoDB for a test file: MONGODB_URI when set (a real server), else the embedded server on a random
 * port with a throw-away folder.
 */
export async function startTestMongo(): Promise<TestMongo> {
  const external = process.env.MONGODB_URI;
  if (external) return { uri: external, stop: async () => {} };
  return startEmbeddedMongo();
}

/** The embedded server on a given port (0: any), for tests that start the database late. */
export async function startEmbeddedMongo(port = 0): Promise<TestMongo> {
  const dbPath = await mkdtemp(join(tmpdir(), 'svc-kit-mongo-'));
  // Loaded by name at run time: the embedded server is a sibling workspace package and only tests need it.
  const moduleName = '@platform/embedded-mongo';
  const embedded = (await import(moduleName)) as EmbeddedMongoModule;
  const server = await embedded.start({ port, dbPath });
  return {
    uri: server.uri,
    async stop() {
      await server.stop();
      await rm(dbPath, { recursive: true, force: true });
    },
  };
}

/** A port that was free a moment ago and has nothing listening: for "database unreachable" tests. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A database name no other test uses, so test files sharing one server do not see each other's data. */
export function uniqueDbName(prefix: string) {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

interface BuildServiceOptions {
  mongoUri: string;
  dbName?: string;
  identitySecret: string;
  logger: false;
}

/**
 * What every service built on the kit must do, as one suite a service's tests call with its own buildApp:
 * health and readiness with and without its database, signed identity on /internal/whoami, and OpenAPI.
 */
export function describeServiceBasics(
  name: string,
  buildApp: (options: BuildServiceOptions) => Promise<ServiceApp>,
) {
  const secret = `${name}-test-secret`;
  const person = { id: 'u1', role: 'reviewer' as const, name: 'Test Person' };

  describe(`${name} service with a database`, () => {
    let mongo: TestMongo;
    let app: ServiceApp;
    beforeAll(async () => {
      mongo = await startTestMongo();
      app = await buildApp({
        mongoUri: mongo.uri,
        dbName: uniqueDbName(name),
        identitySecret: secret,
        logger: false,
      });
    }, 30_000);
    afterAll(async () => {
      await app?.database?.db.dropDatabase().catch(() => undefined);
      await app?.close();
      await mongo?.stop();
    });

    it('is healthy and ready', async () => {
      expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', service: name });
      let res = await app.inject({ url: '/readyz' });
      for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await app.inject({ url: '/readyz' });
      }
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'up' });
    });
  });

  describe(`${name} service without its database`, () => {
    let app: ServiceApp;
    beforeAll(async () => {
      app = await buildApp({
        mongoUri: `mongodb://127.0.0.1:${await closedPort()}`,
        identitySecret: secret,
        logger: false,
      });
    });
    afterAll(() => app.close());

    it('still answers /healthz but /readyz is 503', async () => {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { database: 'down' } });
    });

    it('accepts a signed identity and rejects unsigned, badly signed or stale ones with 401', async () => {
      const ok = await app.inject({ url: '/internal/whoami', headers: signIdentity(person, secret) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id: person.id, role: person.role });
      const bare = { 'x-platform-identity': Buffer.from(JSON.stringify(person)).toString('base64url') };
      for (const headers of [
        {},
        bare,
        signIdentity(person, 'another-secret'),
        signIdentity(person, secret, Date.now() - 10 * 60_000),
      ]) {
        const res = await app.inject({ url: '/internal/whoami', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
      }
    });

    it('describes its routes in OpenAPI', async () => {
      const doc = (await app.inject({ url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/healthz', '/readyz', '/internal/whoami']),
      );
    });
  });
}
