// insert, find (filter, sort, skip, limit, projection), delete and their reply shapes.
import { MongoServerError, ObjectId } from 'mongodb';
import { errorOf, startTestServer, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('crud');
  await s.db.collection('people').insertMany([
    {
      _id: 1,
      name: 'ada',
      age: 36,
      city: 'london',
      tags: ['math', 'code'],
      address: { zip: 'N1', floor: 2 },
    },
    { _id: 2, name: 'bob', age: 25, city: 'paris', tags: ['art'], address: { zip: 'P7', floor: 5 } },
    { _id: 3, name: 'cyd', age: 41, city: 'london', tags: [], address: { zip: 'N2', floor: 1 } },
    { _id: 4, name: 'dee', age: 25, city: 'berlin', tags: ['code'] },
    { _id: 5, name: 'eve', age: 19, city: 'paris', tags: ['math'], address: { zip: 'P1', floor: 3 } },
  ]);
});
afterAll(async () => {
  await s?.stop();
});

const people = () => s.db.collection('people');
const ids = (docs: { _id: unknown }[]) => docs.map((d) => d._id);

describe('insert', () => {
  test('insertOne assigns an ObjectId when _id is missing and reports it', async () => {
    const coll = s.db.collection('ins');
    const res = await coll.insertOne({ a: 1 });
    expect(res.acknowledged).toBe(true);
    expect(res.insertedId).toBeInstanceOf(ObjectId);
    const back = await coll.findOne({ _id: res.insertedId });
    expect(back).toEqual({ _id: res.insertedId, a: 1 });
  });

  test('insertMany reports every inserted id and the raw insert reply counts n', async () => {
    const coll = s.db.collection('ins_many');
    const res = await coll.insertMany([{ a: 1 }, { a: 2 }, { _id: 'x', a: 3 }]);
    expect(res.insertedCount).toBe(3);
    expect(res.insertedIds[2]).toBe('x');
    const raw = await s.db.command({ insert: 'ins_many', documents: [{ a: 4 }, { a: 5 }] });
    expect(raw).toMatchObject({ n: 2, ok: 1 });
    expect(await coll.countDocuments()).toBe(5);
  });
});

describe('bulkWrite', () => {
  test('mixed inserts, updates, replaces and deletes report each count', async () => {
    const coll = s.db.collection('bulk_mixed');
    await coll.insertMany([
      { _id: 1, v: 0 },
      { _id: 2, v: 0 },
      { _id: 3, v: 0 },
    ]);
    const res = await coll.bulkWrite([
      { insertOne: { document: { _id: 4, v: 0 } } },
      { updateOne: { filter: { _id: 1 }, update: { $set: { v: 1 } } } },
      { updateMany: { filter: { v: 0 }, update: { $inc: { v: 10 } } } },
      { replaceOne: { filter: { _id: 2 }, replacement: { v: 'replaced' } } },
      { deleteOne: { filter: { _id: 3 } } },
      { updateOne: { filter: { _id: 5 }, update: { $set: { v: 5 } }, upsert: true } },
    ]);
    expect(res.insertedCount).toBe(1);
    expect(res.matchedCount).toBe(1 + 3 + 1);
    expect(res.modifiedCount).toBe(1 + 3 + 1);
    expect(res.deletedCount).toBe(1);
    expect(res.upsertedCount).toBe(1);
    expect(res.upsertedIds).toEqual({ 5: 5 });
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, v: 1 },
      { _id: 2, v: 'replaced' },
      { _id: 4, v: 10 },
      { _id: 5, v: 5 },
    ]);
  });
});

describe('find', () => {
  test('equality, comparison, $in, $or, $and, $exists, $regex, $elemMatch, $size and dotted paths', async () => {
    expect(ids(await people().find({ city: 'london' }).sort({ _id: 1 }).toArray())).toEqual([1, 3]);
    expect(
      ids(
        await people()
          .find({ age: { $gte: 25, $lt: 40 } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([1, 2, 4]);
    expect(
      ids(
        await people()
          .find({ name: { $in: ['bob', 'eve', 'zed'] } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([2, 5]);
    expect(
      ids(
        await people()
          .find({ $or: [{ age: 19 }, { city: 'berlin' }] })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([4, 5]);
    expect(
      ids(
        await people()
          .find({ $and: [{ city: 'paris' }, { age: { $gt: 20 } }] })
          .toArray(),
      ),
    ).toEqual([2]);
    expect(
      ids(
        await people()
          .find({ address: { $exists: false } })
          .toArray(),
      ),
    ).toEqual([4]);
    expect(
      ids(
        await people()
          .find({ name: { $regex: '^[a-c]' } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([1, 2, 3]);
    expect(ids(await people().find({ name: /^E/i }).toArray())).toEqual([5]);
    expect(ids(await people().find({ tags: 'code' }).sort({ _id: 1 }).toArray())).toEqual([1, 4]);
    expect(
      ids(
        await people()
          .find({ tags: { $size: 0 } })
          .toArray(),
      ),
    ).toEqual([3]);
    expect(
      ids(
        await people()
          .find({ tags: { $all: ['math', 'code'] } })
          .toArray(),
      ),
    ).toEqual([1]);
    expect(ids(await people().find({ 'address.zip': 'P7' }).toArray())).toEqual([2]);
    expect(
      ids(
        await people()
          .find({ 'address.floor': { $gt: 2 } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([2, 5]);
    expect(
      ids(
        await people()
          .find({ age: { $not: { $gt: 25 } } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([2, 4, 5]);
    expect(
      ids(
        await people()
          .find({ age: { $nin: [25, 19] } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([1, 3]);
  });

  test('$elemMatch on an array of documents', async () => {
    const coll = s.db.collection('elem');
    await coll.insertMany([
      {
        _id: 1,
        items: [
          { sku: 'a', qty: 1 },
          { sku: 'b', qty: 10 },
        ],
      },
      { _id: 2, items: [{ sku: 'a', qty: 10 }] },
    ]);
    expect(ids(await coll.find({ items: { $elemMatch: { sku: 'a', qty: { $gte: 5 } } } }).toArray())).toEqual(
      [2],
    );
    // without $elemMatch the conditions may be met by different elements
    expect(
      ids(
        await coll
          .find({ 'items.sku': 'a', 'items.qty': { $gte: 5 } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([1, 2]);
  });

  test('sort on one and several keys, ascending and descending, including dotted paths', async () => {
    expect(ids(await people().find().sort({ age: -1, _id: 1 }).toArray())).toEqual([3, 1, 2, 4, 5]);
    expect(ids(await people().find().sort({ age: 1, name: -1 }).toArray())).toEqual([5, 4, 2, 1, 3]);
    expect(ids(await people().find().sort({ city: 1, age: -1 }).toArray())).toEqual([4, 3, 1, 2, 5]);
    // documents without the path sort first ascending
    expect(ids(await people().find().sort({ 'address.floor': 1 }).toArray())).toEqual([4, 3, 1, 5, 2]);
  });

  test('skip and limit page through a sorted result', async () => {
    expect(ids(await people().find().sort({ _id: 1 }).skip(1).limit(2).toArray())).toEqual([2, 3]);
    expect(ids(await people().find().sort({ _id: -1 }).skip(3).toArray())).toEqual([2, 1]);
    expect(ids(await people().find().sort({ _id: 1 }).skip(10).toArray())).toEqual([]);
    expect(ids(await people().find().sort({ _id: 1 }).limit(1).toArray())).toEqual([1]);
  });

  test('inclusion projection keeps _id unless excluded and reaches into subdocuments', async () => {
    expect(await people().findOne({ _id: 1 }, { projection: { name: 1 } })).toEqual({ _id: 1, name: 'ada' });
    expect(await people().findOne({ _id: 1 }, { projection: { name: 1, _id: 0 } })).toEqual({ name: 'ada' });
    expect(await people().findOne({ _id: 1 }, { projection: { 'address.zip': 1 } })).toEqual({
      _id: 1,
      address: { zip: 'N1' },
    });
  });

  test('exclusion projection drops only the named fields', async () => {
    expect(await people().findOne({ _id: 2 }, { projection: { tags: 0, address: 0, city: 0 } })).toEqual({
      _id: 2,
      name: 'bob',
      age: 25,
    });
    expect(await people().findOne({ _id: 2 }, { projection: { 'address.floor': 0, tags: 0 } })).toEqual({
      _id: 2,
      name: 'bob',
      age: 25,
      city: 'paris',
      address: { zip: 'P7' },
    });
  });

  test('$slice and positional projections on arrays', async () => {
    expect(await people().findOne({ _id: 1 }, { projection: { tags: { $slice: 1 }, name: 1 } })).toEqual({
      _id: 1,
      name: 'ada',
      tags: ['math'],
    });
    expect(await people().findOne({ _id: 1, tags: 'code' }, { projection: { 'tags.$': 1 } })).toEqual({
      _id: 1,
      tags: ['code'],
    });
  });

  test('mixing inclusion and exclusion is refused', async () => {
    const err = await errorOf(people().findOne({ _id: 1 }, { projection: { name: 1, age: 0 } }));
    expect(err).toBeInstanceOf(MongoServerError);
    // MongoDB has its own code for an exclusion in an inclusion projection.
    expect(err.code).toBe(31_254);
  });

  test('the raw find reply has the cursor shape { id, ns, firstBatch }', async () => {
    const reply = await s.db.command({ find: 'people', filter: { city: 'paris' }, sort: { _id: 1 } });
    expect(reply.ok).toBe(1);
    expect(reply.cursor.ns).toBe(`${s.dbName}.people`);
    expect(Number(reply.cursor.id)).toBe(0);
    expect(reply.cursor.firstBatch.map((d: { _id: number }) => d._id)).toEqual([2, 5]);
  });

  test('find on a missing collection returns nothing and does not create it', async () => {
    expect(await s.db.collection('nope').find({}).toArray()).toEqual([]);
    expect(await s.db.collection('nope').findOne({})).toBeNull();
    expect(await s.db.listCollections({ name: 'nope' }).toArray()).toHaveLength(0);
  });
});

describe('delete', () => {
  test('deleteOne removes one matching document, deleteMany all of them, with counts', async () => {
    const coll = s.db.collection('del');
    await coll.insertMany([{ k: 'a' }, { k: 'a' }, { k: 'a' }, { k: 'b' }]);
    expect(await coll.deleteOne({ k: 'a' })).toMatchObject({ acknowledged: true, deletedCount: 1 });
    expect(await coll.countDocuments({ k: 'a' })).toBe(2);
    expect(await coll.deleteMany({ k: 'a' })).toMatchObject({ deletedCount: 2 });
    expect(await coll.deleteOne({ k: 'zzz' })).toMatchObject({ deletedCount: 0 });
    expect(await coll.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ k: 'b' }]);
    expect(await coll.deleteMany({})).toMatchObject({ deletedCount: 1 });
    expect(await coll.countDocuments()).toBe(0);
  });

  test('the raw delete command with limit 0 and 1 reports n', async () => {
    const coll = s.db.collection('del_raw');
    await coll.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }]);
    const reply = await s.db.command({
      delete: 'del_raw',
      deletes: [
        { q: { k: 1 }, limit: 1 },
        { q: { k: 2 }, limit: 0 },
      ],
    });
    expect(reply).toMatchObject({ n: 2, ok: 1 });
    expect(await coll.countDocuments()).toBe(1);
  });
});
