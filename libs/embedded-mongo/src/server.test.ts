import { mkdtempSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, Decimal128, Double, Long, type Document } from 'mongodb';
import { start } from './index';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'embedded-mongo-unit-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function withServer<T>(
  dbPath: string,
  fn: (client: MongoClient) => Promise<T>,
  opts: { ttlSweepIntervalMs?: number; cursorTimeoutMs?: number } = {},
): Promise<T> {
  const server = await start({ port: 0, dbPath, ...opts });
  const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.close();
    await server.stop();
  }
}

const explainStats = async (
  client: MongoClient,
  cmd: Document,
): Promise<{ stage: string; docs: number; returned: number }> => {
  const r = await client.db('t').command({ explain: cmd });
  const plan = r.queryPlanner.winningPlan;
  const stage =
    plan.inputStage?.stage === 'IXSCAN' || plan.inputStage?.inputStage?.stage === 'IXSCAN'
      ? 'IXSCAN'
      : plan.stage;
  return { stage, docs: r.executionStats.totalDocsExamined, returned: r.executionStats.nReturned };
};

describe('embedded server through the official driver', () => {
  test('indexed equality, range and sorted queries read only the matching documents', async () => {
    await withServer(tempDir(), async (client) => {
      const c = client.db('t').collection('people');
      await c.insertMany(
        Array.from({ length: 2000 }, (_, i) => ({ n: i, group: i % 50, tags: [`t${i % 7}`, 'all'] })),
      );
      await c.createIndexes([{ key: { n: 1 } }, { key: { group: 1, n: -1 } }, { key: { tags: 1 } }]);

      expect(await explainStats(client, { find: 'people', filter: { n: 1234 } })).toEqual({
        stage: 'IXSCAN',
        docs: 1,
        returned: 1,
      });
      expect(await explainStats(client, { find: 'people', filter: { n: { $gte: 100, $lt: 110 } } })).toEqual({
        stage: 'IXSCAN',
        docs: 10,
        returned: 10,
      });
      expect(
        await explainStats(client, { find: 'people', filter: { group: 7 }, sort: { n: -1 }, limit: 3 }),
      ).toEqual({ stage: 'IXSCAN', docs: 3, returned: 3 });
      expect((await explainStats(client, { find: 'people', filter: { tags: 't3' } })).docs).toBe(286);

      const top = await c.find({ group: 7 }).sort({ n: -1 }).limit(3).toArray();
      expect(top.map((d) => d.n)).toEqual([1957, 1907, 1857]);
      const viaScan = await c
        .find({ group: 7, n: { $lt: 200 } })
        .sort({ n: 1 })
        .toArray();
      expect(viaScan.map((d) => d.n)).toEqual([7, 57, 107, 157]);
      expect(await c.countDocuments({ tags: 'all' })).toBe(2000);
      expect(await c.countDocuments({ tags: { $in: ['t1', 't2'] } })).toBe(572);
    });
  });

  test('documents, indexes and unique constraints survive a restart', async () => {
    const dbPath = tempDir();
    await withServer(dbPath, async (client) => {
      const c = client.db('t').collection('users');
      await c.createIndex({ email: 1 }, { unique: true });
      await c.insertOne({ email: 'a@x', score: new Double(1) });
    });
    await withServer(dbPath, async (client) => {
      const c = client.db('t').collection('users');
      expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_', 'email_1']);
      const err = await c.insertOne({ email: 'a@x' }).catch((e: { code: number }) => e);
      expect(err).toMatchObject({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'a@x' } });
      const doc = await c.findOne({ email: 'a@x' }, { promoteValues: false });
      expect(doc?.score).toBeInstanceOf(Double);
      expect(await c.countDocuments()).toBe(1);
    });
  });

  test('a unique violation in an update or upsert leaves every document unchanged', async () => {
    await withServer(tempDir(), async (client) => {
      const c = client.db('t').collection<{ _id: number; k: string; v?: number }>('u');
      await c.createIndex({ k: 1 }, { unique: true });
      await c.insertMany([
        { _id: 1, k: 'a', v: 1 },
        { _id: 2, k: 'b', v: 1 },
      ]);
      await expect(c.updateOne({ _id: 2 }, { $set: { k: 'a', v: 2 } })).rejects.toMatchObject({
        code: 11000,
      });
      await expect(c.updateOne({ k: 'zz' }, { $set: { k: 'a' } }, { upsert: true })).rejects.toMatchObject({
        code: 11000,
      });
      expect(await c.find().sort({ _id: 1 }).toArray()).toEqual([
        { _id: 1, k: 'a', v: 1 },
        { _id: 2, k: 'b', v: 1 },
      ]);
      expect(await c.countDocuments({ k: 'a' })).toBe(1);
    });
  });

  test('the TTL sweep removes expired documents and keeps the rest', async () => {
    await withServer(
      tempDir(),
      async (client) => {
        const c = client.db('t').collection('sessions');
        await c.createIndex({ at: 1 }, { expireAfterSeconds: 1 });
        await c.insertMany([
          { at: new Date(Date.now() - 60_000) },
          { at: new Date(Date.now() + 60_000) },
          { at: 'not a date' },
        ]);
        const deadline = Date.now() + 5000;
        while ((await c.countDocuments()) > 2 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        expect(await c.countDocuments()).toBe(2);
        expect(await c.countDocuments({ at: { $type: 'date' } })).toBe(1);
      },
      { ttlSweepIntervalMs: 100 },
    );
  });

  test('an abandoned cursor times out and getMore then fails with CursorNotFound', async () => {
    await withServer(
      tempDir(),
      async (client) => {
        const db = client.db('t');
        await db.collection('c').insertMany(Array.from({ length: 10 }, (_, i) => ({ i })));
        const first = await db.command({ find: 'c', batchSize: 2 });
        expect(first.cursor.firstBatch).toHaveLength(2);
        await new Promise((r) => setTimeout(r, 400));
        await expect(db.command({ getMore: first.cursor.id, collection: 'c' })).rejects.toMatchObject({
          code: 43,
        });
      },
      { cursorTimeoutMs: 150 },
    );
  });

  test('start() reports a taken port and an unwritable folder in one clear line', async () => {
    const server = await start({ port: 0, dbPath: tempDir() });
    try {
      await expect(start({ port: server.port, dbPath: tempDir() })).rejects.toThrow(
        `port ${server.port} is already in use`,
      );
    } finally {
      await server.stop();
    }
    const file = path.join(tempDir(), 'file');
    writeFileSync(file, 'x');
    await expect(start({ port: 0, dbPath: path.join(file, 'db') })).rejects.toThrow(
      /^data folder .* is not writable/,
    );
    if (process.getuid?.() !== 0) {
      const ro = tempDir();
      chmodSync(ro, 0o500);
      await expect(start({ port: 0, dbPath: ro })).rejects.toThrow(/is not writable/);
    }
  });

  test('an $or over two indexed fields reads both indexes and returns each document once', async () => {
    await withServer(tempDir(), async (client) => {
      const c = client.db('t').collection('accounts');
      await c.insertMany(Array.from({ length: 500 }, (_, i) => ({ email: `u${i}@x`, username: `user${i}` })));
      await c.createIndexes([{ key: { email: 1 } }, { key: { username: 1 } }]);
      const filter = { $or: [{ email: 'u7@x' }, { username: 'user7' }, { username: 'user9' }] };
      const r = await client.db('t').command({ explain: { find: 'accounts', filter } });
      expect(r.queryPlanner.winningPlan.inputStage.stage).toBe('OR');
      expect(r.executionStats.totalDocsExamined).toBe(3);
      expect((await c.find(filter).sort({ username: 1 }).toArray()).map((d) => d.username)).toEqual([
        'user7',
        'user9',
      ]);
    });
  });

  test('values longer than an index key are still found, ordered and kept unique exactly', async () => {
    await withServer(tempDir(), async (client) => {
      const c = client.db('t').collection('long');
      await c.createIndex({ k: 1 }, { unique: true });
      const prefix = 'p'.repeat(2000);
      await c.insertMany([
        { k: `${prefix}b` },
        { k: `${prefix}a` },
        { k: 'p'.repeat(512) },
        { _id: 'i'.repeat(4000), k: 'z' } as Document,
      ]);
      expect(
        (
          await c
            .find({ k: { $gte: prefix } })
            .sort({ k: 1 })
            .toArray()
        ).map((d) => (d.k as string).slice(-1)),
      ).toEqual(['a', 'b', 'z']);
      expect(await c.countDocuments({ k: `${prefix}a` })).toBe(1);
      await expect(c.insertOne({ k: `${prefix}a` })).rejects.toMatchObject({ code: 11000 });
      expect(await c.countDocuments({ _id: 'i'.repeat(4000) } as Document)).toBe(1);
    });
  });

  test('integers beyond 2^53 compare exactly across Long, Decimal128 and double, with an index', async () => {
    await withServer(tempDir(), async (client) => {
      const c = client.db('t').collection('big');
      await c.createIndex({ v: 1 });
      await c.insertMany([
        { _id: 'double', v: 2 ** 53 },
        { _id: 'long', v: Long.fromString('9007199254740993') },
        { _id: 'dec', v: Decimal128.fromString('9007199254740993') },
      ] as Document[]);
      const ids = async (filter: Document) =>
        (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
      expect(await ids({ v: Long.fromString('9007199254740993') })).toEqual(['dec', 'long']);
      expect(await ids({ v: { $gt: 2 ** 53 } })).toEqual(['dec', 'long']);
      expect(await ids({ v: { $in: [2 ** 53] } })).toEqual(['double']);
      await c.updateOne({ _id: 'long' } as Document, { $inc: { v: 1 } });
      const doc = await c.findOne({ _id: 'long' } as Document, { promoteLongs: false });
      expect(String(doc?.v)).toBe('9007199254740994');
    });
  });
});
