// Edge cases MongoDB's CRUD specification checks: a null _id is stored as null by every insert path,
// estimatedDocumentCount and count at their limits, the error replies of findAndModify, and inserted documents
// stored as sent.
import { Decimal128, Double, Int32, Long } from 'mongodb';
import { startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('edges');
});
afterAll(async () => {
  await s?.stop();
});

const fresh = () => s.db.collection(`e${++seq}`);

describe('a null _id', () => {
  // the Node driver replaces a null _id with an ObjectId unless the server is asked to assign ids
  const serverIds = { forceServerObjectId: true };

  test('insertOne, insertMany, bulkWrite and the raw insert command store _id: null', async () => {
    for (const insert of [
      (c: ReturnType<typeof fresh>) => c.insertOne({ _id: null as never }, serverIds),
      (c: ReturnType<typeof fresh>) => c.insertMany([{ _id: null as never }], serverIds),
      (c: ReturnType<typeof fresh>) =>
        c.bulkWrite([{ insertOne: { document: { _id: null as never } } }], serverIds),
      (c: ReturnType<typeof fresh>) => s.db.command({ insert: c.collectionName, documents: [{ _id: null }] }),
    ]) {
      const coll = fresh();
      await insert(coll);
      expect(await coll.find().toArray()).toEqual([{ _id: null }]);
    }
  });

  test('an upsert from a filter or a replacement with _id: null stores _id: null', async () => {
    const a = fresh();
    await a.updateOne({ _id: null as never }, { $unset: { a: '' } }, { upsert: true });
    expect(await a.find().toArray()).toEqual([{ _id: null }]);
    const b = fresh();
    await b.updateMany({ _id: null as never }, { $unset: { a: '' } }, { upsert: true });
    expect(await b.find().toArray()).toEqual([{ _id: null }]);
    const c = fresh();
    await c.replaceOne({}, { _id: null as never }, { upsert: true });
    expect(await c.find().toArray()).toEqual([{ _id: null }]);
  });

  test('a second null _id is a duplicate key', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: null as never, n: 1 }, serverIds);
    const err = await errorOf(coll.insertOne({ _id: null as never, n: 2 }, serverIds));
    expect(err.code).toBe(11000);
    expect(await coll.find().toArray()).toEqual([{ _id: null, n: 1 }]);
  });
});

describe('counting', () => {
  test('estimatedDocumentCount follows inserts and deletes, and is 0 for a missing collection', async () => {
    const coll = fresh();
    expect(await coll.estimatedDocumentCount()).toBe(0);
    await coll.insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(await coll.estimatedDocumentCount()).toBe(3);
    await coll.deleteOne({ a: 2 });
    expect(await coll.estimatedDocumentCount()).toBe(2);
    await coll.deleteMany({});
    expect(await coll.estimatedDocumentCount()).toBe(0);
  });

  test('$collStats { count: {} } reports the number of documents', async () => {
    const coll = fresh();
    await coll.insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
    const [stats] = await coll.aggregate([{ $collStats: { count: {} } }]).toArray();
    expect(stats).toMatchObject({ ns: `${s.dbName}.${coll.collectionName}`, count: 3 });
    const [summed] = await coll
      .aggregate([{ $collStats: { count: {} } }, { $group: { _id: 1, n: { $sum: '$count' } } }])
      .toArray();
    expect(summed).toEqual({ _id: 1, n: 3 });
    const err = await errorOf(coll.aggregate([{ $match: {} }, { $collStats: { count: {} } }]).toArray());
    expect(err.code).toBe(40602);
  });

  test('count with skip past the end is 0, a negative limit counts like a positive one', async () => {
    const coll = fresh();
    await coll.insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(await s.db.command({ count: coll.collectionName, skip: 10 })).toMatchObject({ n: 0 });
    expect(await s.db.command({ count: coll.collectionName, limit: -2 })).toMatchObject({ n: 2 });
    expect(
      await s.db.command({ count: coll.collectionName, query: { a: { $gte: 2 } }, skip: 1, limit: 5 }),
    ).toMatchObject({ n: 1 });
    expect(await coll.countDocuments({}, { skip: 5 })).toBe(0);
  });

  test('count refuses a negative skip', async () => {
    const coll = fresh();
    await coll.insertOne({ a: 1 });
    const err = await errorOf(s.db.command({ count: coll.collectionName, skip: -1 }));
    expect(err.code).toBe(51024);
  });
});

describe('findAndModify errors', () => {
  test('a duplicate key error carries keyPattern and keyValue in errorResponse and changes nothing', async () => {
    const coll = fresh();
    await coll.createIndex({ x: 1 }, { unique: true });
    await coll.insertMany([
      { _id: 1, x: 1 },
      { _id: 2, x: 2 },
    ]);
    const err = await errorOf(coll.findOneAndUpdate({ _id: 2 }, { $set: { x: 1 } }));
    expect(err.code).toBe(11000);
    expect(err.errorResponse).toMatchObject({ code: 11000, keyPattern: { x: 1 }, keyValue: { x: 1 } });
    expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, x: 2 });
  });

  test('an update that fails on the document is a command error with its code', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, name: 'Ada' });
    const err = await errorOf(coll.findOneAndUpdate({ _id: 1 }, { $inc: { name: 1 } }));
    expect(err.code).toBe(14);
    expect(err.errorResponse).toMatchObject({ ok: 0, code: 14, codeName: 'TypeMismatch' });
    const immutable = await errorOf(coll.findOneAndReplace({ _id: 1 }, { _id: 2, name: 'x' }));
    expect(immutable.code).toBe(66);
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, name: 'Ada' });
  });

  test('contradictory options are refused before anything is touched', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1 });
    const both = await errorOf(
      s.db.command({
        findAndModify: coll.collectionName,
        query: {},
        remove: true,
        update: { $set: { a: 1 } },
      }),
    );
    expect(both.code).toBe(9);
    const neither = await errorOf(s.db.command({ findAndModify: coll.collectionName, query: {} }));
    expect(neither.code).toBe(9);
    const upsertRemove = await errorOf(
      s.db.command({ findAndModify: coll.collectionName, query: {}, remove: true, upsert: true }),
    );
    expect(upsertRemove.code).toBe(9);
    expect(await coll.find().toArray()).toEqual([{ _id: 1 }]);
  });
});

describe('inserted documents', () => {
  test('are stored as sent with _id first, from the command body (insertOne) or a sequence (insertMany)', async () => {
    const coll = fresh();
    const values = {
      long: Long.fromString('9007199254740993'),
      negativeZero: new Double(-0),
      int: new Int32(7),
      decimal: Decimal128.fromString('1.10'),
      text: 'Ọjọ́ ìbí',
      nested: { _id: 'inner', when: new Date(Date.UTC(2026, 10, 28)) },
    };
    await coll.insertOne({ ...values, _id: 'body' });
    await coll.insertMany([{ ...values, _id: 'sequence' }]);
    await coll.insertOne({ ...values });
    const stored = await coll.find({}, { promoteValues: false }).toArray();
    expect(stored).toHaveLength(3);
    for (const doc of stored) {
      expect(Object.keys(doc)).toEqual(['_id', ...Object.keys(values)]);
      expect({ ...doc, _id: undefined }).toEqual({ ...values, _id: undefined });
    }
    expect(stored.map((d) => String(d._id)).slice(0, 2)).toEqual(['body', 'sequence']);
  });

  test('an array as _id is refused by insertOne and insertMany, and nothing is stored', async () => {
    const coll = fresh();
    await errorOf(coll.insertOne({ _id: [1, 2] as never }));
    await errorOf(coll.insertMany([{ _id: [3] as never }]));
    expect(await coll.countDocuments()).toBe(0);
  });
});
