// Concurrent writers: no lost updates, no lost inserts, upserts on one key make one document.
import type { Document } from 'mongodb';
import { errorOf, startTestServer, type AnyDoc, type TestServer } from '../support/server';

jest.setTimeout(60_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('concurrency');
});
afterAll(async () => {
  await s?.stop();
});

test('200 concurrent $inc on one document give exactly 200', async () => {
  const coll = s.db.collection('counter');
  await coll.insertOne({ _id: 'c', n: 0 });
  const results = await Promise.all(
    Array.from({ length: 200 }, () => coll.updateOne({ _id: 'c' }, { $inc: { n: 1 } })),
  );
  expect(results.every((r) => r.modifiedCount === 1)).toBe(true);
  expect(await coll.findOne({ _id: 'c' })).toEqual({ _id: 'c', n: 200 });
});

test('concurrent $inc from 4 separate clients on several fields add up exactly', async () => {
  const coll = s.db.collection('multi_counter');
  await coll.insertOne({ _id: 'c', a: 0, b: 0 });
  const clients = await Promise.all(Array.from({ length: 4 }, () => s.newClient()));
  await Promise.all(
    clients.flatMap((client) =>
      Array.from({ length: 100 }, (_, i) =>
        client
          .db(s.dbName)
          .collection<AnyDoc>('multi_counter')
          .updateOne({ _id: 'c' }, { $inc: { a: 1, b: i % 2 === 0 ? 2 : -1 } }),
      ),
    ),
  );
  expect(await coll.findOne({ _id: 'c' })).toEqual({ _id: 'c', a: 400, b: 4 * (50 * 2 - 50) });
});

test('500 concurrent inserts are all stored, and $push from 100 writers keeps every element', async () => {
  const coll = s.db.collection('inserts');
  await Promise.all(Array.from({ length: 500 }, (_, i) => coll.insertOne({ _id: i })));
  expect(await coll.countDocuments()).toBe(500);
  const list = s.db.collection('list');
  await list.insertOne({ _id: 1, items: [] });
  await Promise.all(
    Array.from({ length: 100 }, (_, i) => list.updateOne({ _id: 1 }, { $push: { items: i } } as Document)),
  );
  const doc = await list.findOne({ _id: 1 });
  expect([...(doc?.items as number[])].sort((a, b) => a - b)).toEqual(
    Array.from({ length: 100 }, (_, i) => i),
  );
});

test('50 concurrent upserts on the same _id make one document counting 50', async () => {
  const coll = s.db.collection('upserts');
  await Promise.all(
    Array.from({ length: 50 }, () => coll.updateOne({ _id: 'k' }, { $inc: { n: 1 } }, { upsert: true })),
  );
  expect(await coll.find().toArray()).toEqual([{ _id: 'k', n: 50 }]);
});

test('readers running beside writers always see whole documents', async () => {
  const coll = s.db.collection('pairs');
  await coll.insertOne({ _id: 1, a: 0, b: 0 });
  let torn = 0;
  const writers = Array.from({ length: 100 }, (_, i) => coll.updateOne({ _id: 1 }, { $set: { a: i, b: i } }));
  const readers = Array.from({ length: 100 }, async () => {
    const d = await coll.findOne({ _id: 1 });
    if (d?.a !== d?.b) torn++;
  });
  await Promise.all([...writers, ...readers]);
  expect(torn).toBe(0);
});

test('50 concurrent inserts of the same unique email: exactly one wins, the others get 11000', async () => {
  const coll = s.db.collection('race_unique');
  await coll.createIndex({ email: 1 }, { unique: true });
  const outcomes = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) => coll.insertOne({ email: 'same@x', attempt: i })),
  );
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  const codes = outcomes.flatMap((o) =>
    o.status === 'rejected' ? [(o.reason as { code?: number }).code] : [],
  );
  expect(codes).toEqual(Array.from({ length: 49 }, () => 11000));
  expect(await coll.countDocuments()).toBe(1);
});

test('16 connections inserting at once, conflicts among them: each error goes to its writer, nothing of it stored', async () => {
  const coll = s.db.collection('race_batches');
  await coll.createIndex({ email: 1 }, { unique: true });
  // one connection each (closed with the server)
  const clients = await Promise.all(Array.from({ length: 16 }, () => s.newClient({ maxPoolSize: 1 })));
  // each writer sends an ordered batch whose third document takes an email every writer wants, and an
  // unordered one with one such document in the middle, all at once so that they share commits
  const results = await Promise.all(
    clients.map(async (c, w) => {
      const mine = c.db(s.dbName).collection('race_batches');
      const ordered = await errorOf(
        mine.insertMany([
          { email: `w${w}-a`, w },
          { email: `w${w}-b`, w },
          { email: 'shared-ordered', w },
          { email: `w${w}-d`, w },
        ]),
      ).catch(() => undefined);
      const unordered = await errorOf(
        mine.insertMany(
          [
            { email: `w${w}-e`, w },
            { email: 'shared-unordered', w },
            { email: `w${w}-f`, w },
          ],
          { ordered: false },
        ),
      ).catch(() => undefined);
      return { w, ordered, unordered };
    }),
  );
  const failedOrdered = results.filter((r) => r.ordered);
  const failedUnordered = results.filter((r) => r.unordered);
  expect(failedOrdered).toHaveLength(15);
  expect(failedUnordered).toHaveLength(15);
  for (const r of failedOrdered) {
    expect(r.ordered?.code).toBe(11000);
    expect((r.ordered?.writeErrors as Document[] | undefined)?.map((e) => e.index)).toEqual([2]);
  }
  for (const r of failedUnordered)
    expect((r.unordered?.writeErrors as Document[] | undefined)?.map((e) => [e.index, e.code])).toEqual([
      [1, 11000],
    ]);
  const stored = await coll.find({}, { projection: { _id: 0, email: 1, w: 1 } }).toArray();
  const byWriter = (w: number) =>
    stored
      .filter((d) => d.w === w)
      .map((d) => d.email as string)
      .sort();
  const orderedWinner = results.find((r) => !r.ordered)!.w;
  const unorderedWinner = results.find((r) => !r.unordered)!.w;
  for (let w = 0; w < 16; w++) {
    // an ordered batch stops at its error: nothing after it is written; an unordered one goes on
    const expected = [`w${w}-a`, `w${w}-b`, `w${w}-e`, `w${w}-f`];
    if (w === orderedWinner) expected.push('shared-ordered', `w${w}-d`);
    if (w === unorderedWinner) expected.push('shared-unordered');
    expect({ w, emails: byWriter(w) }).toEqual({ w, emails: expected.sort() });
  }
});

test('an index stays consistent with the documents under 300 concurrent updates of the indexed field', async () => {
  const coll = s.db.collection('race_index');
  await coll.createIndex({ bucket: 1 });
  await coll.insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: i, bucket: 0 })));
  await Promise.all(
    Array.from({ length: 300 }, (_, i) => coll.updateOne({ _id: i % 30 }, { $inc: { bucket: 1 } })),
  );
  // every document was moved 10 times, so the index must hold all 30 under bucket 10 and none elsewhere
  expect(await coll.countDocuments({ bucket: 10 })).toBe(30);
  expect(await coll.countDocuments({ bucket: { $lt: 10 } })).toBe(0);
  expect((await coll.find({ bucket: { $gte: 0 } }).toArray()).map((d) => d.bucket)).toEqual(
    Array.from({ length: 30 }, () => 10),
  );
});
