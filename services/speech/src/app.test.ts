import type { Identity } from '@platform/contracts';
import { signIdentity, type ServiceApp } from '@platform/service-kit';
import { closedPort, startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import { buildApp } from './app';

const SECRET = 'speech-test-secret';
// `name` rides along once the shared Identity carries it (the gateway sends the person's name).
const person = { id: 'u1', role: 'reviewer' as const, name: 'Test Person' } as Identity;

describe('speech service with a database', () => {
  let mongo: TestMongo;
  let app: ServiceApp;
  beforeAll(async () => {
    mongo = await startTestMongo();
    app = await buildApp({
      mongoUri: mongo.uri,
      dbName: uniqueDbName('speech'),
      identitySecret: SECRET,
      logger: false,
    });
  }, 30_000);
  afterAll(async () => {
    await app?.database?.db.dropDatabase().catch(() => undefined);
    await app?.close();
    await mongo?.stop();
  });

  it('is healthy and ready', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', service: 'speech' });
    let res = await app.inject({ url: '/readyz' });
    for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await app.inject({ url: '/readyz' });
    }
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toEqual({ database: 'up' });
  });
});

describe('speech service without its database', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    app = await buildApp({
      mongoUri: `mongodb://127.0.0.1:${await closedPort()}`,
      identitySecret: SECRET,
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
    const ok = await app.inject({ url: '/internal/whoami', headers: signIdentity(person, SECRET) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: person.id, role: person.role });
    const bare = { 'x-platform-identity': Buffer.from(JSON.stringify(person)).toString('base64url') };
    for (const headers of [
      {},
      bare,
      signIdentity(person, 'another-secret'),
      signIdentity(person, SECRET, Date.now() - 10 * 60_000),
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

describe('speech service uploads', () => {
  it('has multipart parsing registered for the upload routes to come', async () => {
    const app = await buildApp({ mongoUri: 'mongodb://127.0.0.1:1', identitySecret: SECRET, logger: false });
    try {
      await app.ready();
      expect(app.printPlugins()).toContain('@fastify/multipart');
    } finally {
      await app.close();
    }
  });
});
