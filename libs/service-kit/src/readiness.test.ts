import { createService } from './create-service';
import type { ServiceApp } from './service-app';
import { closedPort, startEmbeddedMongo, startTestMongo, uniqueDbName, type TestMongo } from './testing';

describe('readiness follows the database', () => {
  it('is 503 (quickly) when the database is unreachable, while /healthz stays 200', async () => {
    const app = await createService({
      name: 'down-test',
      logger: false,
      mongoUri: `mongodb://127.0.0.1:${await closedPort()}`,
      indexes: [{ collection: 'things', indexes: [{ key: { a: 1 } }] }],
    });
    try {
      const started = Date.now();
      const res = await app.inject({ url: '/readyz' });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', service: 'down-test', checks: { database: 'down' } });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  describe('with a database', () => {
    let mongo: TestMongo;
    let app: ServiceApp;
    const dbName = uniqueDbName('kit');
    beforeAll(async () => {
      mongo = await startTestMongo();
      app = await createService({
        name: 'up-test',
        logger: false,
        mongoUri: mongo.uri,
        dbName,
        indexes: [
          { collection: 'things', indexes: [{ key: { code: 1 }, name: 'code_unique', unique: true }] },
        ],
      });
    }, 30_000);
    afterAll(async () => {
      await app?.database?.db.dropDatabase().catch(() => undefined);
      await app?.close();
      await mongo?.stop();
    });

    it('is ready once the declared indexes exist, and they do', async () => {
      let res = await app.inject({ url: '/readyz' });
      for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await app.inject({ url: '/readyz' });
      }
      expect(res.json()).toEqual({ status: 'ready', service: 'up-test', checks: { database: 'up' } });
      const indexes = await app.database!.db.collection('things').indexes();
      expect(indexes.find((i) => i.name === 'code_unique')?.unique).toBe(true);
    });
  });
});

describe('a service started before its database', () => {
  it('answers 503 (not 500) while the database is down, then becomes ready once it starts', async () => {
    const port = await closedPort();
    const app = await createService({
      name: 'late-db',
      logger: false,
      mongoUri: `mongodb://127.0.0.1:${port}`,
      indexes: [{ collection: 'things', indexes: [{ key: { a: 1 } }] }],
      routes: async (instance) => {
        instance.get('/count', async () => ({
          n: await instance.database!.db.collection('things').countDocuments(),
        }));
      },
    });
    let mongo: TestMongo | undefined;
    try {
      const down = await app.inject({ url: '/count' });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe('The database is not reachable right now. Please try again later.');
      mongo = await startEmbeddedMongo(port);
      let ready = await app.inject({ url: '/readyz' });
      for (let i = 0; i < 100 && ready.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await app.inject({ url: '/readyz' });
      }
      expect(ready.statusCode).toBe(200);
      expect((await app.inject({ url: '/count' })).json()).toEqual({ n: 0 });
    } finally {
      await app.close();
      await mongo?.stop();
    }
  }, 30_000);
});
