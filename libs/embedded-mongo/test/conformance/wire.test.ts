// Wire-level behaviour observable through the driver: unacknowledged writes, big documents and
// replies split below 16 MB, large insert batches, and a client that asks for compression.
import { MongoClient } from 'mongodb';
import { errorOf, eventually, recordCommands, startTestServer, type TestServer } from '../support/server';

jest.setTimeout(120_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('wire', { client: { monitorCommands: true } });
});
afterAll(async () => {
  await s?.stop();
});

test('an unacknowledged (w: 0) write gets no reply but is applied', async () => {
  const coll = s.db.collection('w0');
  const res = await coll.insertOne({ _id: 'fire-and-forget' }, { writeConcern: { w: 0 } });
  expect(res.acknowledged).toBe(false);
  await coll.updateOne({ _id: 'fire-and-forget' }, { $set: { seen: true } }, { writeConcern: { w: 0 } });
  expect(await eventually(async () => (await coll.countDocuments({ seen: true })) === 1, 5000)).toBe(true);
  // the connection is still in step afterwards
  await expect(s.db.command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });
});

test('a document of almost 16 MB round-trips', async () => {
  const coll = s.db.collection('big_doc');
  const big = 'x'.repeat(16 * 1024 * 1024 - 1024);
  await coll.insertOne({ _id: 1, big });
  const back = await coll.findOne({ _id: 1 });
  expect(back?.big.length).toBe(big.length);
  expect(back?.big === big).toBe(true);
});

test('40 documents of 1 MB come back through replies that each stay under 16 MB', async () => {
  const coll = s.db.collection('megabytes');
  const mb = 'y'.repeat(1024 * 1024);
  await coll.insertMany(Array.from({ length: 40 }, (_, i) => ({ _id: i, mb })));
  const commands = recordCommands(s.client);
  const docs = await coll.find().sort({ _id: 1 }).toArray();
  expect(docs.map((d) => d._id)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  const batches = commands.succeeded
    .filter((e) => e.commandName === 'find' || e.commandName === 'getMore')
    .map((e) => (e.reply.cursor.firstBatch ?? e.reply.cursor.nextBatch).length as number);
  expect(batches.length).toBeGreaterThanOrEqual(3);
  expect(Math.max(...batches)).toBeLessThanOrEqual(16);
});

test('an aggregate and a getMore over 1 MB documents also keep each reply under 16 MB', async () => {
  const coll = s.db.collection('megabytes');
  const commands = recordCommands(s.client);
  const docs = await coll.aggregate([{ $sort: { _id: -1 } }]).toArray();
  expect(docs.map((d) => d._id)).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
  const batches = commands.succeeded
    .filter((e) => e.commandName === 'aggregate' || e.commandName === 'getMore')
    .map((e) => (e.reply.cursor.firstBatch ?? e.reply.cursor.nextBatch).length as number);
  expect(batches.length).toBeGreaterThanOrEqual(3);
  expect(Math.max(...batches)).toBeLessThanOrEqual(16);
});

test('insertMany of 30,000 documents (several OP_MSG document sequences) stores them all', async () => {
  const coll = s.db.collection('bulk');
  const docs = Array.from({ length: 30_000 }, (_, i) => ({ i, pad: 'p'.repeat(200) }));
  const res = await coll.insertMany(docs);
  expect(res.insertedCount).toBe(30_000);
  expect(await coll.countDocuments()).toBe(30_000);
});

test('a client configured with compressors still talks to the server', async () => {
  const client = new MongoClient(s.uri, { compressors: ['zlib'], serverSelectionTimeoutMS: 10_000 });
  try {
    await client.connect();
    const coll = client.db(s.dbName).collection('compressed');
    await coll.insertOne({ a: 'z'.repeat(10_000) });
    expect((await coll.findOne({}))?.a.length).toBe(10_000);
  } finally {
    await client.close();
  }
});

test('a document over 16 MB is refused and not stored', async () => {
  const coll = s.db.collection('too_big');
  const err = await errorOf(coll.insertOne({ _id: 1, big: 'z'.repeat(16 * 1024 * 1024 + 10) }));
  expect(err).toBeInstanceOf(Error);
  expect(await coll.countDocuments({ _id: 1 })).toBe(0);
});

test('common driver options are accepted: write concern majority with j, read concern, maxTimeMS, comment, hint', async () => {
  const coll = s.db.collection('options');
  await coll.createIndex({ k: 1 });
  await coll.insertOne({ k: 1 }, { writeConcern: { w: 'majority', j: true } });
  await coll.updateOne({ k: 1 }, { $set: { v: 2 } }, { writeConcern: { w: 1, wtimeoutMS: 1000 } });
  expect(
    await coll
      .find({ k: 1 }, { readConcern: { level: 'majority' }, maxTimeMS: 5000, comment: 'from the test' })
      .hint({ k: 1 })
      .toArray(),
  ).toMatchObject([{ k: 1, v: 2 }]);
  expect(await coll.countDocuments({ k: 1 }, { maxTimeMS: 5000 })).toBe(1);
  expect(
    await coll.aggregate([{ $match: { k: 1 } }], { maxTimeMS: 5000, comment: 'agg' }).toArray(),
  ).toHaveLength(1);
  expect(await coll.find({ k: 1 }).hint('k_1').toArray()).toHaveLength(1);
});
