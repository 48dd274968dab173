// findAndModify through findOneAndUpdate / findOneAndReplace / findOneAndDelete: new, upsert, remove, sort.
import { startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('fam');
});
afterAll(async () => {
  await s?.stop();
});

async function queue() {
  const coll = s.db.collection(`q${++seq}`);
  await coll.insertMany([
    { _id: 1, state: 'new', prio: 2 },
    { _id: 2, state: 'new', prio: 9 },
    { _id: 3, state: 'new', prio: 5 },
    { _id: 4, state: 'done', prio: 10 },
  ]);
  return coll;
}

test('findOneAndUpdate returns the document before the update by default, after with returnDocument', async () => {
  const coll = await queue();
  const before = await coll.findOneAndUpdate({ _id: 1 }, { $set: { state: 'taken' } });
  expect(before).toEqual({ _id: 1, state: 'new', prio: 2 });
  const after = await coll.findOneAndUpdate({ _id: 3 }, { $inc: { prio: 1 } }, { returnDocument: 'after' });
  expect(after).toEqual({ _id: 3, state: 'new', prio: 6 });
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, state: 'taken', prio: 2 });
});

test('sort picks which document is modified, and projection shapes the returned one', async () => {
  const coll = await queue();
  const claimed = await coll.findOneAndUpdate(
    { state: 'new' },
    { $set: { state: 'taken' } },
    { sort: { prio: -1 }, returnDocument: 'after', projection: { state: 1 } },
  );
  expect(claimed).toEqual({ _id: 2, state: 'taken' });
  const next = await coll.findOneAndUpdate(
    { state: 'new' },
    { $set: { state: 'taken' } },
    { sort: { prio: 1 } },
  );
  expect(next?._id).toBe(1);
});

test('no match returns null and changes nothing', async () => {
  const coll = await queue();
  expect(await coll.findOneAndUpdate({ state: 'missing' }, { $set: { x: 1 } })).toBeNull();
  expect(await coll.countDocuments({ x: 1 })).toBe(0);
});

test('upsert creates the document and returns it with returnDocument after (null before)', async () => {
  const coll = await queue();
  const created = await coll.findOneAndUpdate(
    { _id: 10 },
    { $set: { state: 'new' }, $setOnInsert: { prio: 0 } },
    { upsert: true, returnDocument: 'after' },
  );
  expect(created).toEqual({ _id: 10, state: 'new', prio: 0 });
  const none = await coll.findOneAndUpdate({ _id: 11 }, { $set: { state: 'x' } }, { upsert: true });
  expect(none).toBeNull();
  expect(await coll.findOne({ _id: 11 })).toEqual({ _id: 11, state: 'x' });
});

test('includeResultMetadata exposes lastErrorObject { n, updatedExisting, upserted }', async () => {
  const coll = await queue();
  const updated = await coll.findOneAndUpdate(
    { _id: 1 },
    { $set: { a: 1 } },
    { includeResultMetadata: true },
  );
  expect(updated.ok).toBe(1);
  expect(updated.lastErrorObject).toMatchObject({ n: 1, updatedExisting: true });
  expect(updated.value).toMatchObject({ _id: 1 });
  const upserted = await coll.findOneAndUpdate(
    { _id: 20 },
    { $set: { a: 1 } },
    { upsert: true, includeResultMetadata: true, returnDocument: 'after' },
  );
  expect(upserted.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false, upserted: 20 });
  expect(upserted.value).toEqual({ _id: 20, a: 1 });
});

test('findOneAndReplace replaces and can upsert', async () => {
  const coll = await queue();
  const old = await coll.findOneAndReplace({ _id: 2 }, { state: 'replaced' });
  expect(old).toEqual({ _id: 2, state: 'new', prio: 9 });
  expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, state: 'replaced' });
  const fresh = await coll.findOneAndReplace(
    { _id: 30 },
    { state: 'r' },
    { upsert: true, returnDocument: 'after' },
  );
  expect(fresh).toEqual({ _id: 30, state: 'r' });
});

test('findOneAndDelete removes the first document in sort order and returns it', async () => {
  const coll = await queue();
  const removed = await coll.findOneAndDelete({ state: 'new' }, { sort: { prio: 1 } });
  expect(removed).toEqual({ _id: 1, state: 'new', prio: 2 });
  expect(await coll.countDocuments()).toBe(3);
  expect(await coll.findOneAndDelete({ state: 'nothing' })).toBeNull();
  expect(await coll.countDocuments()).toBe(3);
});

test('the raw findAndModify command with remove and new', async () => {
  const coll = await queue();
  const updated = await s.db.command({
    findAndModify: coll.collectionName,
    query: { _id: 4 },
    update: { $set: { state: 'archived' } },
    new: true,
  });
  expect(updated).toMatchObject({ ok: 1, value: { _id: 4, state: 'archived', prio: 10 } });
  const removed = await s.db.command({ findAndModify: coll.collectionName, query: { _id: 4 }, remove: true });
  expect(removed).toMatchObject({ ok: 1, value: { _id: 4, state: 'archived' }, lastErrorObject: { n: 1 } });
  expect(await coll.findOne({ _id: 4 })).toBeNull();
  // remove and update together is refused
  const err = await errorOf(
    s.db.command({ findAndModify: coll.collectionName, query: {}, remove: true, update: { $set: { a: 1 } } }),
  );
  expect(err).toBeInstanceOf(Error);
});

test('200 concurrent findOneAndUpdate claims each take a different document', async () => {
  const coll = s.db.collection(`q${++seq}`);
  await coll.insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: i, state: 'new' })));
  const claims = await Promise.all(
    Array.from({ length: 200 }, () => coll.findOneAndUpdate({ state: 'new' }, { $set: { state: 'taken' } })),
  );
  const claimed = claims.map((d) => d?._id);
  expect(new Set(claimed).size).toBe(200);
  expect(await coll.countDocuments({ state: 'new' })).toBe(0);
});
