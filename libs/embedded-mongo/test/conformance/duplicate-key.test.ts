// Duplicate keys: code 11000 with keyPattern and keyValue for every kind of write, and the data left as it was.
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import type { Collection } from 'mongodb';
import { errorOf, startTestServer, type AnyDoc, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('dupkey');
});
afterAll(async () => {
  await s?.stop();
});

/** A collection with a unique email index holding users 1 (a@x) and 2 (b@x). */
async function users(): Promise<Collection<AnyDoc>> {
  const coll = s.db.collection(`users${++seq}`);
  await coll.createIndex({ email: 1 }, { unique: true });
  await coll.insertMany([
    { _id: 1, email: 'a@x', name: 'A' },
    { _id: 2, email: 'b@x', name: 'B' },
  ]);
  return coll;
}

async function snapshot(coll: Collection<AnyDoc>) {
  return coll.find().sort({ _id: 1 }).toArray();
}

const original = [
  { _id: 1, email: 'a@x', name: 'A' },
  { _id: 2, email: 'b@x', name: 'B' },
];

test('insertOne with a duplicate unique field: 11000, keyPattern, keyValue, E11000 message', async () => {
  const coll = await users();
  const err = await errorOf(coll.insertOne({ _id: 3, email: 'a@x' }));
  expect(err).toBeInstanceOf(MongoServerError);
  expect(err).toMatchObject({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'a@x' } });
  expect(err.message).toMatch(/E11000 duplicate key error/);
  expect(err.message).toContain('email_1');
  expect(await snapshot(coll)).toEqual(original);
});

test('insertOne with a duplicate _id: 11000 on the _id index', async () => {
  const coll = await users();
  const err = await errorOf(coll.insertOne({ _id: 1, email: 'new@x' }));
  expect(err).toMatchObject({ code: 11000, keyPattern: { _id: 1 }, keyValue: { _id: 1 } });
  expect(await snapshot(coll)).toEqual(original);
});

test('ordered insertMany stops at the duplicate: earlier documents are in, later ones are not', async () => {
  const coll = await users();
  const err = await errorOf(
    coll.insertMany([
      { _id: 10, email: 'c@x' },
      { _id: 11, email: 'a@x' },
      { _id: 12, email: 'd@x' },
    ]),
  );
  expect(err).toBeInstanceOf(MongoBulkWriteError);
  const bulk = err as MongoBulkWriteError;
  expect(bulk.code).toBe(11000);
  expect(bulk.insertedCount).toBe(1);
  const writeErrors = [bulk.writeErrors].flat();
  expect(writeErrors).toHaveLength(1);
  expect(writeErrors[0]).toMatchObject({ index: 1, code: 11000 });
  expect((await snapshot(coll)).map((d) => d._id)).toEqual([1, 2, 10]);
});

test('unordered insertMany inserts every document except the duplicates', async () => {
  const coll = await users();
  const err = await errorOf(
    coll.insertMany(
      [
        { _id: 10, email: 'c@x' },
        { _id: 11, email: 'a@x' },
        { _id: 12, email: 'd@x' },
        { _id: 2, email: 'e@x' },
        { _id: 13, email: 'd@x' },
      ],
      { ordered: false },
    ),
  );
  const bulk = err as MongoBulkWriteError;
  expect(bulk).toBeInstanceOf(MongoBulkWriteError);
  expect(bulk.insertedCount).toBe(2);
  expect([bulk.writeErrors].flat().map((e) => [e.index, e.code])).toEqual([
    [1, 11000],
    [3, 11000],
    [4, 11000],
  ]);
  expect((await snapshot(coll)).map((d) => d._id)).toEqual([1, 2, 10, 12]);
});

test('the raw insert reply lists writeErrors with index, code, keyPattern and keyValue', async () => {
  const coll = await users();
  const reply = await s.db.command({
    insert: coll.collectionName,
    documents: [{ _id: 20, email: 'z@x' }, { _id: 21, email: 'b@x' }, { _id: 22 }],
    ordered: false,
  });
  expect(reply.ok).toBe(1);
  expect(reply.n).toBe(2);
  expect(reply.writeErrors).toHaveLength(1);
  expect(reply.writeErrors[0]).toMatchObject({
    index: 1,
    code: 11000,
    keyPattern: { email: 1 },
    keyValue: { email: 'b@x' },
  });
  expect(reply.writeErrors[0].errmsg).toMatch(/E11000 duplicate key error/);
});

test('updateOne that would create a duplicate: 11000 and the document keeps its old value', async () => {
  const coll = await users();
  const err = await errorOf(coll.updateOne({ _id: 2 }, { $set: { email: 'a@x', name: 'changed' } }));
  expect(err).toMatchObject({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'a@x' } });
  expect(await snapshot(coll)).toEqual(original);
});

test('replaceOne that would create a duplicate: 11000 and nothing changes', async () => {
  const coll = await users();
  const err = await errorOf(coll.replaceOne({ _id: 2 }, { email: 'a@x' }));
  expect(err).toMatchObject({ code: 11000 });
  expect(await snapshot(coll)).toEqual(original);
});

test('an upsert that would insert a duplicate: 11000 and no document is added', async () => {
  const coll = await users();
  const err = await errorOf(coll.updateOne({ name: 'nobody' }, { $set: { email: 'b@x' } }, { upsert: true }));
  expect(err).toMatchObject({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'b@x' } });
  expect(await snapshot(coll)).toEqual(original);
});

test('findOneAndUpdate that would create a duplicate: 11000 and nothing changes', async () => {
  const coll = await users();
  const err = await errorOf(coll.findOneAndUpdate({ _id: 1 }, { $set: { email: 'b@x' } }));
  expect(err).toMatchObject({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'b@x' } });
  const upsertErr = await errorOf(
    coll.findOneAndUpdate({ _id: 9 }, { $set: { email: 'a@x' } }, { upsert: true, returnDocument: 'after' }),
  );
  expect(upsertErr).toMatchObject({ code: 11000 });
  expect(await snapshot(coll)).toEqual(original);
});

test('an updateMany setting every document to the same unique value fails with 11000', async () => {
  const coll = await users();
  const err = await errorOf(coll.updateMany({}, { $set: { email: 'same@x' } }));
  expect(err).toMatchObject({ code: 11000 });
  // one document at most may have been changed before the duplicate was met; never two
  expect(await coll.countDocuments({ email: 'same@x' })).toBeLessThanOrEqual(1);
  expect(await coll.countDocuments()).toBe(2);
});

test('after a duplicate error the collection keeps accepting valid writes', async () => {
  const coll = await users();
  await errorOf(coll.insertOne({ email: 'a@x' }));
  await expect(coll.insertOne({ _id: 5, email: 'e@x' })).resolves.toMatchObject({ insertedId: 5 });
  expect(await coll.countDocuments()).toBe(3);
});
