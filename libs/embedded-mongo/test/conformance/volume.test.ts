// Larger volumes: many clients, top-k sorts and deep skips over 20,000 documents, documents that grow and
// shrink, and deletes while a cursor is open.
import type { MongoClient } from 'mongodb';
import { startTestServer, type AnyDoc, type TestServer } from '../support/server';

jest.setTimeout(120_000);

let s: TestServer;
const N = 20_000;
beforeAll(async () => {
  s = await startTestServer('volume');
  const coll = s.db.collection('many');
  for (let from = 0; from < N; from += 2000) {
    await coll.insertMany(
      Array.from({ length: 2000 }, (_, j) => {
        const i = from + j;
        return { _id: i, r: (i * 7919) % N, g: i % 13, label: `item-${i}` };
      }),
    );
  }
});
afterAll(async () => {
  await s?.stop();
});

test('50 clients connect at once and each runs commands', async () => {
  const clients: MongoClient[] = await Promise.all(
    Array.from({ length: 50 }, () => s.newClient({ maxPoolSize: 2 })),
  );
  const counts = await Promise.all(
    clients.map((c) =>
      c
        .db(s.dbName)
        .collection<AnyDoc>('many')
        .countDocuments({ _id: { $lt: 130 } }),
    ),
  );
  expect(counts).toEqual(clients.map(() => 130));
});

test('a sort on an unindexed field with a limit returns the true top 5', async () => {
  const top = await s.db.collection('many').find({}).sort({ r: -1 }).limit(5).toArray();
  expect(top.map((d) => d.r)).toEqual([N - 1, N - 2, N - 3, N - 4, N - 5]);
});

test('a deep skip returns the right page', async () => {
  const page = await s.db
    .collection('many')
    .find({})
    .sort({ _id: 1 })
    .skip(N - 10)
    .limit(20)
    .toArray();
  expect(page.map((d) => d._id)).toEqual(Array.from({ length: 10 }, (_, i) => N - 10 + i));
});

test('a document can grow to several megabytes and shrink again', async () => {
  const coll = s.db.collection('growing');
  await coll.insertOne({ _id: 1, blob: 'a' });
  await coll.updateOne({ _id: 1 }, { $set: { blob: 'b'.repeat(5 * 1024 * 1024) } });
  expect((await coll.findOne({ _id: 1 }))?.blob.length).toBe(5 * 1024 * 1024);
  await coll.updateOne({ _id: 1 }, { $set: { blob: 'c' } });
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, blob: 'c' });
});

test('deleting documents while a cursor is open neither fails the cursor nor repeats documents', async () => {
  const coll = s.db.collection('many');
  const cursor = coll
    .find({ g: { $lt: 6 } })
    .sort({ _id: 1 })
    .batchSize(50);
  const seen: number[] = [];
  for await (const doc of cursor) {
    seen.push(doc._id as number);
    if (seen.length === 100)
      await coll.deleteMany({ g: { $lt: 6 }, _id: { $gt: (doc._id as number) + 5000 } });
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(seen.length).toBeGreaterThanOrEqual(100);
  // nothing deleted before it was read is missing
  const firstDeleted = seen[99]! + 5001;
  const expectedBefore = Array.from({ length: firstDeleted }, (_, i) => i).filter((i) => i % 13 < 6);
  expect(seen.filter((id) => id < firstDeleted)).toEqual(expectedBefore);
});
