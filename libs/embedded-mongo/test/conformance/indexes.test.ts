// createIndexes / listIndexes / dropIndexes, index options (unique, compound, sparse, partial, TTL) and
// that queries answered through indexes return exactly what a scan would.
import { Double, Int32, Long } from 'mongodb';
import type { Document } from 'mongodb';
import { errorOf, eventually, isRealMongo, startTestServer, type TestServer } from '../support/server';

// A real mongod's TTL monitor runs every 60 s; the embedded server here sweeps every 200 ms.
const ttlWaitMs = isRealMongo ? 130_000 : 10_000;
jest.setTimeout(ttlWaitMs + 30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('indexes');
});
afterAll(async () => {
  await s?.stop();
});

const fresh = () => s.db.collection(`i${++seq}`);
const byName = (indexes: Document[]) => Object.fromEntries(indexes.map((i) => [i.name, i]));

describe('createIndexes, listIndexes, dropIndexes', () => {
  test('a new collection lists only the _id index', async () => {
    const coll = fresh();
    await coll.insertOne({ a: 1 });
    const indexes = await coll.listIndexes().toArray();
    expect(indexes).toHaveLength(1);
    expect(indexes[0]).toMatchObject({ v: 2, key: { _id: 1 }, name: '_id_' });
  });

  test('createIndex returns the generated name and listIndexes shows key and options', async () => {
    const coll = fresh();
    await coll.insertOne({ a: 1 });
    expect(await coll.createIndex({ a: 1 })).toBe('a_1');
    expect(await coll.createIndex({ b: -1, 'c.d': 1 })).toBe('b_-1_c.d_1');
    expect(await coll.createIndex({ e: 1 }, { unique: true, name: 'unique_e' })).toBe('unique_e');
    expect(await coll.createIndex({ f: 1 }, { sparse: true })).toBe('f_1');
    expect(
      await coll.createIndex({ g: 1 }, { partialFilterExpression: { g: { $exists: true }, h: 'on' } }),
    ).toBe('g_1');
    expect(await coll.createIndex({ at: 1 }, { expireAfterSeconds: 3600 })).toBe('at_1');
    const indexes = byName(await coll.listIndexes().toArray());
    expect(Object.keys(indexes).sort()).toEqual([
      '_id_',
      'a_1',
      'at_1',
      'b_-1_c.d_1',
      'f_1',
      'g_1',
      'unique_e',
    ]);
    expect(indexes['a_1']).toMatchObject({ key: { a: 1 } });
    expect(indexes['a_1']?.unique).toBeUndefined();
    expect(Object.entries(indexes['b_-1_c.d_1']?.key)).toEqual([
      ['b', -1],
      ['c.d', 1],
    ]);
    expect(indexes['unique_e']).toMatchObject({ key: { e: 1 }, unique: true });
    expect(indexes['f_1']).toMatchObject({ key: { f: 1 }, sparse: true });
    expect(indexes['g_1']).toMatchObject({ partialFilterExpression: { g: { $exists: true }, h: 'on' } });
    expect(indexes['at_1']).toMatchObject({ expireAfterSeconds: 3600 });
    expect(await coll.indexExists(['a_1', 'unique_e'])).toBe(true);
  });

  test('the raw createIndexes reply counts indexes before and after; repeating it is a no-op', async () => {
    const coll = fresh();
    const reply = await s.db.command({
      createIndexes: coll.collectionName,
      indexes: [
        { key: { x: 1 }, name: 'x_1' },
        { key: { y: 1 }, name: 'y_1' },
      ],
    });
    expect(reply).toMatchObject({
      ok: 1,
      numIndexesBefore: 1,
      numIndexesAfter: 3,
      createdCollectionAutomatically: true,
    });
    const again = await s.db.command({
      createIndexes: coll.collectionName,
      indexes: [{ key: { x: 1 }, name: 'x_1' }],
    });
    expect(again).toMatchObject({ ok: 1, numIndexesBefore: 3, numIndexesAfter: 3 });
    expect(await coll.listIndexes().toArray()).toHaveLength(3);
  });

  test('conflicting definitions are refused: same name other key (86), same key other name (85)', async () => {
    const coll = fresh();
    await coll.createIndex({ a: 1 });
    expect(await errorOf(coll.createIndex({ b: 1 }, { name: 'a_1' }))).toMatchObject({ code: 86 });
    expect(await errorOf(coll.createIndex({ a: 1 }, { name: 'other' }))).toMatchObject({ code: 85 });
    expect((await coll.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'a_1']);
  });

  test('dropIndex by name and by key; dropIndexes drops all but _id; bad drops fail with 27 and 72', async () => {
    const coll = fresh();
    await coll.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }, { key: { c: 1 } }, { key: { d: 1 } }]);
    await coll.dropIndex('a_1');
    await s.db.command({ dropIndexes: coll.collectionName, index: { b: 1 } });
    expect((await coll.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'c_1', 'd_1']);
    expect(await errorOf(coll.dropIndex('nope_1'))).toMatchObject({ code: 27 });
    expect(await errorOf(coll.dropIndex('_id_'))).toMatchObject({ code: 72 });
    await coll.dropIndexes();
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('listIndexes on a missing collection fails with NamespaceNotFound (26)', async () => {
    expect(await errorOf(s.db.collection('never_created').listIndexes().toArray())).toMatchObject({
      code: 26,
    });
  });

  test('a unique index cannot be built over duplicate data (11000) and is then absent', async () => {
    const coll = fresh();
    await coll.insertMany([{ e: 'x' }, { e: 'x' }]);
    expect(await errorOf(coll.createIndex({ e: 1 }, { unique: true }))).toMatchObject({ code: 11000 });
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });
});

describe('index options', () => {
  test('unique: a duplicate is refused; missing fields count as null and collide too', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ email: 'a@x' });
    expect(await errorOf(coll.insertOne({ email: 'a@x' }))).toMatchObject({ code: 11000 });
    await coll.insertOne({ other: 1 });
    const err = await errorOf(coll.insertOne({ other: 2 }));
    expect(err).toMatchObject({ code: 11000, keyValue: { email: null } });
    // deleting a document frees its key
    await coll.deleteOne({ email: 'a@x' });
    await expect(coll.insertOne({ email: 'a@x' })).resolves.toBeTruthy();
  });

  test('compound unique: only the full combination must be unique', async () => {
    const coll = fresh();
    await coll.createIndex({ a: 1, b: 1 }, { unique: true });
    await coll.insertMany([
      { a: 1, b: 1 },
      { a: 1, b: 2 },
      { a: 2, b: 1 },
    ]);
    const err = await errorOf(coll.insertOne({ a: 1, b: 2 }));
    expect(err).toMatchObject({ code: 11000, keyPattern: { a: 1, b: 1 }, keyValue: { a: 1, b: 2 } });
    expect(await coll.countDocuments()).toBe(3);
  });

  test('unique on numbers treats 1, 1.0 and Long 1 as the same key', async () => {
    const coll = fresh();
    await coll.createIndex({ n: 1 }, { unique: true });
    await coll.insertOne({ n: new Int32(1) });
    expect(await errorOf(coll.insertOne({ n: new Double(1) }))).toMatchObject({ code: 11000 });
    expect(await errorOf(coll.insertOne({ n: Long.fromNumber(1) }))).toMatchObject({ code: 11000 });
    await expect(coll.insertOne({ n: '1' })).resolves.toBeTruthy();
  });

  test('sparse unique: documents without the field do not collide', async () => {
    const coll = fresh();
    await coll.createIndex({ handle: 1 }, { unique: true, sparse: true });
    await coll.insertMany([{ a: 1 }, { a: 2 }, { handle: 'h' }]);
    expect(await errorOf(coll.insertOne({ handle: 'h' }))).toMatchObject({ code: 11000 });
    expect(await coll.countDocuments()).toBe(3);
  });

  test('partial unique: uniqueness only among documents matching partialFilterExpression', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { status: 'active' } });
    await coll.insertMany([
      { email: 'a@x', status: 'deleted' },
      { email: 'a@x', status: 'deleted' },
      { email: 'a@x', status: 'active' },
    ]);
    expect(await errorOf(coll.insertOne({ email: 'a@x', status: 'active' }))).toMatchObject({ code: 11000 });
    // moving a document into the filter is checked too
    const err = await errorOf(coll.updateOne({ status: 'deleted' }, { $set: { status: 'active' } }));
    expect(err).toMatchObject({ code: 11000 });
    expect(await coll.countDocuments({ status: 'active' })).toBe(1);
    // and queries still find every document, inside and outside the filter
    expect(await coll.countDocuments({ email: 'a@x' })).toBe(3);
  });

  test('TTL: documents whose date is older than expireAfterSeconds are removed by the sweep', async () => {
    const coll = fresh();
    await coll.createIndex({ at: 1 }, { expireAfterSeconds: 1 });
    const past = new Date(Date.now() - 3600_000);
    const future = new Date(Date.now() + 3600_000);
    await coll.insertMany([
      { _id: 'old', at: past },
      { _id: 'oldInArray', at: [future, past] },
      { _id: 'future', at: future },
      { _id: 'noDate' },
      { _id: 'notADate', at: 'yesterday' },
      { _id: 'soon', at: new Date() },
    ]);
    const swept = await eventually(
      async () => (await coll.countDocuments({ _id: { $in: ['old', 'oldInArray', 'soon'] } })) === 0,
      ttlWaitMs,
      200,
    );
    expect(swept).toBe(true);
    expect((await coll.find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([
      'future',
      'noDate',
      'notADate',
    ]);
  });
});

describe('queries through indexes return what a collection scan returns', () => {
  let coll: ReturnType<typeof fresh>;
  beforeAll(async () => {
    coll = fresh();
    const docs = Array.from({ length: 600 }, (_, i) => ({
      _id: i,
      n: i % 100,
      g: `g${i % 7}`,
      tags: [`t${i % 3}`, `t${(i % 5) + 3}`],
      sub: { k: i % 10 },
      ...(i % 50 === 0 ? {} : { opt: i % 4 === 0 ? null : i % 4 }),
    }));
    await coll.insertMany(docs);
    await coll.createIndexes([
      { key: { n: 1 } },
      { key: { g: 1, n: -1 } },
      { key: { tags: 1 } },
      { key: { 'sub.k': 1 } },
      { key: { opt: 1 } },
    ]);
  });

  test('equality and range on a single-field index', async () => {
    expect(await coll.countDocuments({ n: 42 })).toBe(6);
    const range = await coll
      .find({ n: { $gt: 10, $lte: 13 } }, { projection: { n: 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(range).toHaveLength(18);
    expect(range.every((d) => d.n > 10 && d.n <= 13)).toBe(true);
    expect(await coll.countDocuments({ n: { $in: [1, 2, 999] } })).toBe(12);
  });

  test('a sort that follows an index, ascending and descending, with limit', async () => {
    const asc = await coll
      .find({ n: { $gte: 95 } })
      .sort({ n: 1, _id: 1 })
      .limit(8)
      .toArray();
    expect(asc.map((d) => [d.n, d._id])).toEqual([
      [95, 95],
      [95, 195],
      [95, 295],
      [95, 395],
      [95, 495],
      [95, 595],
      [96, 96],
      [96, 196],
    ]);
    const desc = await coll.find({}).sort({ n: -1 }).limit(6).toArray();
    expect(desc.map((d) => d.n)).toEqual([99, 99, 99, 99, 99, 99]);
  });

  test('compound index: equality on the leading field, range and sort on the next', async () => {
    const out = await coll
      .find({ g: 'g3', n: { $lt: 20 } })
      .sort({ n: -1, _id: 1 })
      .toArray();
    const expected = Array.from({ length: 600 }, (_, i) => i)
      .filter((i) => i % 7 === 3 && i % 100 < 20)
      .sort((a, b) => (b % 100) - (a % 100) || a - b);
    expect(out.map((d) => d._id)).toEqual(expected);
  });

  test('$or over indexed and unindexed clauses returns each matching document once', async () => {
    const all = Array.from({ length: 600 }, (_, i) => i);
    const union = all.filter((i) => i % 100 === 5 || i % 7 === 5);
    const got = await coll.find({ $or: [{ n: 5 }, { g: 'g5' }] }).toArray();
    expect(got.map((d) => d._id as number).sort((a, b) => a - b)).toEqual(union);
    const mixed = await coll
      .find({ $or: [{ n: 5 }, { _id: { $gte: 598 } }, { 'sub.k': 3, g: 'g0' }] })
      .toArray();
    const expected = all.filter((i) => i % 100 === 5 || i >= 598 || (i % 10 === 3 && i % 7 === 0));
    expect(mixed.map((d) => d._id as number).sort((a, b) => a - b)).toEqual(expected);
  });

  test('multikey index on an array field, and an index on a dotted path', async () => {
    expect(await coll.countDocuments({ tags: 't0' })).toBe(200);
    expect(await coll.countDocuments({ tags: { $all: ['t0', 't3'] } })).toBe(40);
    // a document matching twice through a multikey index is returned once
    expect(await coll.countDocuments({ tags: { $in: ['t0', 't3'] } })).toBe(200 + 120 - 40);
    expect(await coll.countDocuments({ 'sub.k': { $gte: 8 } })).toBe(120);
  });

  test('null equality on an indexed field matches null and missing', async () => {
    const all = Array.from({ length: 600 }, (_, i) => i);
    // 12 documents lack the field (i % 50 === 0), 144 hold null (i % 4 === 0 otherwise)
    expect(all.filter((i) => i % 50 === 0 || i % 4 === 0)).toHaveLength(156);
    expect(await coll.countDocuments({ opt: null })).toBe(156);
    expect(await coll.countDocuments({ opt: { $exists: false } })).toBe(12);
    expect(await coll.countDocuments({ opt: { $gte: 2 } })).toBe(
      all.filter((i) => i % 50 !== 0 && i % 4 >= 2).length,
    );
  });

  test('index entries follow updates and deletes', async () => {
    await coll.updateOne({ _id: 7 }, { $set: { n: 1000 } });
    expect((await coll.find({ n: 1000 }).toArray()).map((d) => d._id)).toEqual([7]);
    expect((await coll.find({ n: 7 }).toArray()).map((d) => d._id)).not.toContain(7);
    await coll.deleteOne({ _id: 7 });
    expect(await coll.countDocuments({ n: 1000 })).toBe(0);
  });

  test('updateMany moving documents forward along the index it selects by updates each one exactly once', async () => {
    const moving = fresh();
    await moving.createIndex({ n: 1 });
    await moving.insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: i, n: i })));
    const res = await moving.updateMany({ n: { $gte: 0 } }, { $inc: { n: 1000 } });
    expect(res).toMatchObject({ matchedCount: 500, modifiedCount: 500 });
    const docs = await moving.find().sort({ _id: 1 }).toArray();
    expect(docs.every((d) => d.n === (d._id as number) + 1000)).toBe(true);
    expect(await moving.countDocuments({ n: { $lt: 1000 } })).toBe(0);
  });

  test('an index on a field holding several types keeps MongoDB type bracketing', async () => {
    const mixed = fresh();
    await mixed.createIndex({ v: 1 });
    await mixed.insertMany([
      { v: 5 },
      { v: Long.fromNumber(5) },
      { v: new Double(5.0) },
      { v: 7.5 },
      { v: '5' },
      { v: 'abc' },
      { v: null },
      { v: new Date(5) },
      { v: true },
    ]);
    expect(await mixed.countDocuments({ v: 5 })).toBe(3);
    expect(await mixed.countDocuments({ v: { $gt: 4 } })).toBe(4);
    expect(await mixed.countDocuments({ v: { $gte: '' } })).toBe(2);
    expect(await mixed.countDocuments({ v: { $lt: new Date(10) } })).toBe(1);
    expect(await mixed.countDocuments({ v: { $type: 'string' } })).toBe(2);
  });
});

describe('descending scans keep range bounds exact', () => {
  test('an indexed range read backwards includes its lower bound and excludes its upper one', async () => {
    const coll = fresh();
    await coll.createIndex({ a: 1 });
    await coll.insertMany([1, 2, 3, 4, 5].map((a) => ({ _id: a * 10, a })));
    const found = await coll
      .find({ a: { $gte: 2, $lt: 4 } })
      .sort({ a: -1 })
      .toArray();
    expect(found.map((d) => d.a)).toEqual([3, 2]);
  });

  test('an _id range read backwards includes its lower bound and excludes its upper one', async () => {
    const coll = fresh();
    await coll.insertMany([1, 2, 3, 4, 5].map((n) => ({ _id: n })));
    const found = await coll
      .find({ _id: { $gte: 2, $lt: 4 } })
      .sort({ _id: -1 })
      .toArray();
    expect(found.map((d) => d._id)).toEqual([3, 2]);
  });
});
