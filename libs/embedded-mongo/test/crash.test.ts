// Durability: a server killed with SIGKILL mid-write keeps every acknowledged write and every index.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import type { AnyDoc } from './support/server';
import { ensureBuilt, freePort, startCli, type CliServer } from './support/cli';

jest.setTimeout(180_000);

let dbPath: string;
const servers: CliServer[] = [];

beforeAll(async () => {
  await ensureBuilt();
  dbPath = await mkdtemp(path.join(tmpdir(), 'emb-mongo-crash-'));
});
afterAll(async () => {
  for (const server of servers)
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  if (dbPath) await rm(dbPath, { recursive: true, force: true });
});

async function launch(): Promise<CliServer> {
  const port = await freePort();
  const server = await startCli(['--port', String(port), '--dbpath', dbPath]);
  servers.push(server);
  return server;
}

test('after kill -9 mid-write, every acknowledged write and every index survives a restart', async () => {
  const first = await launch();
  const client = new MongoClient(first.uri, {
    retryWrites: false,
    serverSelectionTimeoutMS: 2000,
    connectTimeoutMS: 2000,
    maxPoolSize: 32,
  });
  await client.connect();
  const db = client.db('crash');
  await db.collection<AnyDoc>('users').createIndex({ email: 1 }, { unique: true });
  await db.collection<AnyDoc>('users').createIndex({ writer: 1, seq: -1 });
  await db.collection<AnyDoc>('counters').insertOne({ _id: 'total', n: 0 });
  await db.collection<AnyDoc>('sessions').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
  await db
    .collection<AnyDoc>('sessions')
    .createIndex({ token: 1 }, { unique: true, partialFilterExpression: { active: true } });

  const ackedIds: string[] = [];
  let ackedIncs = 0;
  let attemptedIncs = 0;
  const perWriterAcked = new Map<number, number>();
  let stop = false;
  const writers = Array.from({ length: 16 }, async (_, w) => {
    perWriterAcked.set(w, 0);
    for (let seq = 0; !stop; seq++) {
      try {
        const id = `w${w}-${seq}`;
        await db
          .collection<AnyDoc>('users')
          .insertOne({ _id: id, email: `${id}@example.test`, writer: w, seq, pad: 'x'.repeat(200) });
        ackedIds.push(id);
        attemptedIncs++;
        await db.collection<AnyDoc>('counters').updateOne({ _id: 'total' }, { $inc: { n: 1 } });
        ackedIncs++;
        await db
          .collection<AnyDoc>('counters')
          .updateOne({ _id: `writer${w}` }, { $inc: { n: 1 } }, { upsert: true });
        perWriterAcked.set(w, (perWriterAcked.get(w) ?? 0) + 1);
      } catch {
        return; // the server is gone
      }
    }
  });

  const ackedBatches: number[] = [];
  const batchWriters = Array.from({ length: 4 }, async (_, w) => {
    for (let b = 0; !stop; b++) {
      const batch = w * 1_000_000 + b;
      const docs = Array.from({ length: 50 }, (_, i) => ({ batch, i, pad: 'y'.repeat(100) }));
      try {
        await db.collection<AnyDoc>('batches').insertMany(docs);
        ackedBatches.push(batch);
      } catch {
        return;
      }
    }
  });

  // let the writers run, then kill the server while writes are in flight (the wait is generous: on a shared,
  // busy machine 400 synced acknowledgements can take tens of seconds)
  const deadline = Date.now() + 90_000;
  while (ackedIds.length < 400 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  stop = true;
  await Promise.all([...writers, ...batchWriters]);
  await client.close(true);
  expect(ackedIds.length).toBeGreaterThanOrEqual(400);

  const second = await launch();
  const again = new MongoClient(second.uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await again.connect();
    const db2 = again.db('crash');
    const present = new Set(
      (
        await db2
          .collection<AnyDoc>('users')
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => String(d._id)),
    );
    const lost = ackedIds.filter((id) => !present.has(id));
    expect(lost).toEqual([]);

    const total = await db2.collection<AnyDoc>('counters').findOne({ _id: 'total' });
    expect(total?.n).toBeGreaterThanOrEqual(ackedIncs);
    expect(total?.n).toBeLessThanOrEqual(attemptedIncs);
    for (const [w, acked] of perWriterAcked) {
      const doc = await db2.collection<AnyDoc>('counters').findOne({ _id: `writer${w}` });
      expect(doc?.n ?? 0).toBeGreaterThanOrEqual(acked);
      expect(doc?.n ?? 0).toBeLessThanOrEqual(acked + 1);
    }

    const indexes = await db2.collection<AnyDoc>('users').listIndexes().toArray();
    expect(indexes.map((i) => i.name).sort()).toEqual(['_id_', 'email_1', 'writer_1_seq_-1']);
    expect(indexes.find((i) => i.name === 'email_1')).toMatchObject({ unique: true });

    // every acknowledged insertMany batch is there whole
    const perBatch = await db2
      .collection<AnyDoc>('batches')
      .aggregate<{ _id: number; n: number }>([{ $group: { _id: '$batch', n: { $sum: 1 } } }])
      .toArray();
    const batchCounts = new Map(perBatch.map((b) => [b._id, b.n]));
    expect(ackedBatches.length).toBeGreaterThan(0);
    expect(ackedBatches.filter((b) => batchCounts.get(b) !== 50)).toEqual([]);

    const sessionIndexes = await db2.collection<AnyDoc>('sessions').listIndexes().toArray();
    expect(sessionIndexes.find((i) => i.name === 'expiresAt_1')).toMatchObject({ expireAfterSeconds: 3600 });
    expect(sessionIndexes.find((i) => i.name === 'token_1')).toMatchObject({
      unique: true,
      partialFilterExpression: { active: true },
    });

    // the unique index is still enforced, for _id too
    const someId = ackedIds[Math.floor(ackedIds.length / 2)] as string;
    await expect(
      db2.collection<AnyDoc>('users').insertOne({ email: `${someId}@example.test` }),
    ).rejects.toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
    });
    await expect(
      db2.collection<AnyDoc>('users').insertOne({ _id: someId, email: 'fresh@example.test' }),
    ).rejects.toMatchObject({
      code: 11000,
    });
    // the secondary index answers queries consistently with the data
    expect(await db2.collection<AnyDoc>('users').countDocuments({ writer: 3 })).toBe(
      [...present].filter((id) => id.startsWith('w3-')).length,
    );
    // and the server keeps working
    await db2.collection<AnyDoc>('users').insertOne({ email: 'after-restart@example.test' });
    expect(
      await db2.collection<AnyDoc>('users').countDocuments({ email: 'after-restart@example.test' }),
    ).toBe(1);
  } finally {
    await again.close();
    second.child.kill('SIGTERM');
    await second.exited;
  }
});

test('SIGTERM shuts the server down cleanly and the data is there on the next start', async () => {
  const server = await launch();
  const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  await client
    .db('clean')
    .collection('c')
    .insertMany(Array.from({ length: 100 }, (_, i) => ({ i })));
  await client.close();
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  const next = await launch();
  const client2 = new MongoClient(next.uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    expect(await client2.db('clean').collection('c').countDocuments()).toBe(100);
  } finally {
    await client2.close();
    next.child.kill('SIGINT');
    expect(await next.exited).toBe(0);
  }
});
