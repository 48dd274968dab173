// update: every operator the platform uses, dotted paths, positional $ and arrayFilters, replacement,
// multi and upsert, with the driver's result counts.
import { Decimal128, Long, Timestamp } from 'mongodb';
import type { Document } from 'mongodb';
import { errorOf, startTestServer, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('update');
});
afterAll(async () => {
  await s?.stop();
});

/** A fresh collection holding one document; returns the collection and a reader of that document. */
async function one(doc: Document) {
  const coll = s.db.collection(`u${++seq}`);
  await coll.insertOne({ _id: 1, ...doc });
  return { coll, read: async () => coll.findOne({ _id: 1 }, { projection: { _id: 0 } }) };
}

describe('field operators', () => {
  test('$set sets top-level and dotted fields, creating intermediate documents', async () => {
    const { coll, read } = await one({ a: 1, sub: { x: 1 } });
    const res = await coll.updateOne({ _id: 1 }, { $set: { a: 2, 'sub.y': 3, 'deep.er.path': true } });
    expect(res).toMatchObject({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 0,
      upsertedId: null,
    });
    expect(await read()).toEqual({ a: 2, sub: { x: 1, y: 3 }, deep: { er: { path: true } } });
  });

  test('$set to the same value matches but does not modify', async () => {
    const { coll } = await one({ a: 1 });
    expect(await coll.updateOne({ _id: 1 }, { $set: { a: 1 } })).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });

  test('$set with a numeric path component sets an array element', async () => {
    const { coll, read } = await one({ arr: [1, 2, 3] });
    await coll.updateOne({ _id: 1 }, { $set: { 'arr.1': 20 } });
    expect(await read()).toEqual({ arr: [1, 20, 3] });
  });

  test('$unset removes top-level and dotted fields; missing fields are ignored', async () => {
    const { coll, read } = await one({ a: 1, b: 2, sub: { x: 1, y: 2 } });
    await coll.updateOne({ _id: 1 }, { $unset: { a: '', 'sub.x': 1, nothere: '' } });
    expect(await read()).toEqual({ b: 2, sub: { y: 2 } });
  });

  test('$inc adds to existing fields, creates missing ones, works on dotted paths and negatives', async () => {
    const { coll, read } = await one({ n: 5, f: 1.5, sub: { c: 1 } });
    await coll.updateOne({ _id: 1 }, { $inc: { n: 2, f: 0.25, 'sub.c': -3, fresh: 7 } });
    expect(await read()).toEqual({ n: 7, f: 1.75, sub: { c: -2 }, fresh: 7 });
  });

  test('$inc on a non-numeric field fails with TypeMismatch (14) and changes nothing', async () => {
    const { coll, read } = await one({ s: 'text', n: 1 });
    const err = await errorOf(coll.updateOne({ _id: 1 }, { $inc: { s: 1, n: 1 } }));
    expect(err).toMatchObject({ code: 14 });
    expect(await read()).toEqual({ s: 'text', n: 1 });
  });

  test('$mul multiplies, and sets a missing field to 0', async () => {
    const { coll, read } = await one({ price: 10, q: 3 });
    await coll.updateOne({ _id: 1 }, { $mul: { price: 1.5, q: 2, missing: 5 } });
    expect(await read()).toEqual({ price: 15, q: 6, missing: 0 });
  });

  test('$min and $max only change the field when the new value is lower / higher', async () => {
    const { coll, read } = await one({ lo: 10, hi: 10, keepLo: 1, keepHi: 100 });
    await coll.updateOne({ _id: 1 }, { $min: { lo: 5, keepLo: 50, newMin: 3 }, $max: { hi: 20, keepHi: 5 } });
    expect(await read()).toEqual({ lo: 5, hi: 20, keepLo: 1, keepHi: 100, newMin: 3 });
    const d1 = new Date('2020-01-01T00:00:00Z');
    const d2 = new Date('2021-01-01T00:00:00Z');
    const dates = await one({ when: d1 });
    await dates.coll.updateOne({ _id: 1 }, { $max: { when: d2 } });
    expect(await dates.read()).toEqual({ when: d2 });
  });

  test('$rename moves top-level and dotted fields', async () => {
    const { coll, read } = await one({ old: 1, sub: { a: 2 }, keep: 3 });
    await coll.updateOne({ _id: 1 }, { $rename: { old: 'new', 'sub.a': 'sub.b', nothere: 'x' } });
    expect(await read()).toEqual({ sub: { b: 2 }, keep: 3, new: 1 });
  });

  test('$currentDate sets a Date, or a Timestamp with { $type: "timestamp" }', async () => {
    const { coll, read } = await one({});
    const before = Date.now();
    await coll.updateOne({ _id: 1 }, {
      $currentDate: { at: true, ts: { $type: 'timestamp' }, d: { $type: 'date' } },
    } as Document);
    const doc = (await read()) as Document;
    expect(doc.at).toBeInstanceOf(Date);
    expect(doc.d).toBeInstanceOf(Date);
    expect(doc.at.getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(doc.at.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    expect(doc.ts).toBeInstanceOf(Timestamp);
    expect(Math.abs((doc.ts as Timestamp).t * 1000 - before)).toBeLessThan(5000);
  });

  test('several operators in one update apply together; conflicting paths fail with 40', async () => {
    const { coll, read } = await one({ a: 1, b: 1, c: 1 });
    await coll.updateOne({ _id: 1 }, { $set: { a: 10 }, $inc: { b: 1 }, $unset: { c: '' } });
    expect(await read()).toEqual({ a: 10, b: 2 });
    const err = await errorOf(coll.updateOne({ _id: 1 }, { $set: { a: 1 }, $inc: { a: 1 } }));
    expect(err).toMatchObject({ code: 40 });
    expect(await read()).toEqual({ a: 10, b: 2 });
  });

  test('changing _id fails with ImmutableField (66)', async () => {
    const { coll, read } = await one({ a: 1 });
    const err = await errorOf(coll.updateOne({ _id: 1 }, { $set: { _id: 2 } }));
    expect(err).toMatchObject({ code: 66 });
    expect(await read()).toEqual({ a: 1 });
  });

  test('new fields are appended after the existing ones, keeping field order', async () => {
    const { coll } = await one({ z: 1, a: 2 });
    await coll.updateOne({ _id: 1 }, { $set: { m: 3, a: 20 } });
    const doc = await coll.findOne({ _id: 1 });
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'z', 'a', 'm']);
  });
});

describe('array operators', () => {
  test('$push appends one value, creating the array when missing', async () => {
    const { coll, read } = await one({ arr: [1] });
    await coll.updateOne({ _id: 1 }, { $push: { arr: 2, fresh: 'x' } } as Document);
    expect(await read()).toEqual({ arr: [1, 2], fresh: ['x'] });
  });

  test('$push with $each, $position, $sort and $slice', async () => {
    const { coll, read } = await one({ arr: [1, 2, 3] });
    await coll.updateOne({ _id: 1 }, { $push: { arr: { $each: [10, 11], $position: 1 } } } as Document);
    expect(await read()).toEqual({ arr: [1, 10, 11, 2, 3] });
    await coll.updateOne({ _id: 1 }, { $push: { arr: { $each: [0], $sort: -1, $slice: 3 } } } as Document);
    expect(await read()).toEqual({ arr: [11, 10, 3] });
    await coll.updateOne({ _id: 1 }, { $push: { arr: { $each: [], $slice: -2 } } } as Document);
    expect(await read()).toEqual({ arr: [10, 3] });
    const scores = await one({
      s: [
        { v: 3, n: 'c' },
        { v: 1, n: 'a' },
      ],
    });
    await scores.coll.updateOne({ _id: 1 }, {
      $push: { s: { $each: [{ v: 2, n: 'b' }], $sort: { v: 1 } } },
    } as Document);
    expect(await scores.read()).toEqual({
      s: [
        { v: 1, n: 'a' },
        { v: 2, n: 'b' },
        { v: 3, n: 'c' },
      ],
    });
  });

  test('$push onto a non-array fails and changes nothing', async () => {
    const { coll, read } = await one({ notArr: 5 });
    const err = await errorOf(coll.updateOne({ _id: 1 }, { $push: { notArr: 1 } } as Document));
    expect(err).toMatchObject({ code: 2 });
    expect(await read()).toEqual({ notArr: 5 });
  });

  test('$pull removes matching values and documents matching a condition', async () => {
    const { coll, read } = await one({ nums: [1, 5, 2, 5, 8], items: [{ k: 1 }, { k: 2 }, { k: 3 }] });
    await coll.updateOne({ _id: 1 }, { $pull: { nums: 5, items: { k: { $gte: 2 } } } } as Document);
    expect(await read()).toEqual({ nums: [1, 2, 8], items: [{ k: 1 }] });
    await coll.updateOne({ _id: 1 }, { $pull: { nums: { $in: [1, 8] } } } as Document);
    expect(await read()).toEqual({ nums: [2], items: [{ k: 1 }] });
  });

  test('$addToSet adds only absent values, with $each', async () => {
    const { coll, read } = await one({ tags: ['a', 'b'] });
    const same = await coll.updateOne({ _id: 1 }, { $addToSet: { tags: 'a' } });
    expect(same.modifiedCount).toBe(0);
    await coll.updateOne({ _id: 1 }, { $addToSet: { tags: { $each: ['b', 'c', 'c', 'd'] }, fresh: 1 } });
    expect(await read()).toEqual({ tags: ['a', 'b', 'c', 'd'], fresh: [1] });
  });

  test('$pop removes the first or last element', async () => {
    const { coll, read } = await one({ a: [1, 2, 3], b: [1, 2, 3] });
    await coll.updateOne({ _id: 1 }, { $pop: { a: 1, b: -1 } } as Document);
    expect(await read()).toEqual({ a: [1, 2], b: [2, 3] });
  });

  test('positional $ updates the first element matched by the query', async () => {
    const { coll, read } = await one({
      grades: [80, 85, 90, 85],
      items: [
        { sku: 'a', q: 1 },
        { sku: 'b', q: 1 },
      ],
    });
    await coll.updateOne({ _id: 1, grades: 85 }, { $set: { 'grades.$': 86 } });
    await coll.updateOne({ _id: 1, 'items.sku': 'b' }, { $inc: { 'items.$.q': 5 } });
    expect(await read()).toEqual({
      grades: [80, 86, 90, 85],
      items: [
        { sku: 'a', q: 1 },
        { sku: 'b', q: 6 },
      ],
    });
  });

  test('arrayFilters update every element matching the filter; $[] updates all', async () => {
    const { coll, read } = await one({
      grades: [95, 80, 92],
      rows: [
        { g: 1, ok: false },
        { g: 7, ok: false },
        { g: 9, ok: false },
      ],
    });
    await coll.updateOne(
      { _id: 1 },
      { $set: { 'grades.$[hi]': 100 } },
      { arrayFilters: [{ hi: { $gte: 90 } }] },
    );
    await coll.updateOne(
      { _id: 1 },
      { $set: { 'rows.$[r].ok': true } },
      { arrayFilters: [{ 'r.g': { $gt: 5 } }] },
    );
    expect(await read()).toEqual({
      grades: [100, 80, 100],
      rows: [
        { g: 1, ok: false },
        { g: 7, ok: true },
        { g: 9, ok: true },
      ],
    });
    await coll.updateOne({ _id: 1 }, { $inc: { 'grades.$[]': 1 } });
    expect(((await read()) as Document).grades).toEqual([101, 81, 101]);
  });
});

describe('replacement, multi and upsert', () => {
  test('replaceOne replaces the whole document but keeps _id', async () => {
    const { coll } = await one({ a: 1, b: 2 });
    const res = await coll.replaceOne({ _id: 1 }, { c: 3 });
    expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, c: 3 });
  });

  test('a replacement that changes _id fails with 66', async () => {
    const { coll, read } = await one({ a: 1 });
    const err = await errorOf(coll.replaceOne({ _id: 1 }, { _id: 2, a: 2 }));
    expect(err).toMatchObject({ code: 66 });
    expect(await read()).toEqual({ a: 1 });
  });

  test('updateOne changes only one of several matches; updateMany changes all', async () => {
    const coll = s.db.collection(`u${++seq}`);
    await coll.insertMany([
      { k: 1, v: 0 },
      { k: 1, v: 0 },
      { k: 1, v: 0 },
      { k: 2, v: 0 },
    ]);
    expect(await coll.updateOne({ k: 1 }, { $inc: { v: 1 } })).toMatchObject({
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect(await coll.countDocuments({ v: 1 })).toBe(1);
    expect(await coll.updateMany({ k: 1 }, { $set: { v: 9 } })).toMatchObject({
      matchedCount: 3,
      modifiedCount: 3,
    });
    expect(await coll.countDocuments({ v: 9 })).toBe(3);
    expect(await coll.countDocuments({ k: 2, v: 0 })).toBe(1);
    expect(await coll.updateMany({ k: 3 }, { $set: { v: 1 } })).toMatchObject({
      matchedCount: 0,
      modifiedCount: 0,
    });
  });

  test('upsert inserts from the equality fields of the query plus $set and $setOnInsert', async () => {
    const coll = s.db.collection(`u${++seq}`);
    const res = await coll.updateOne(
      { email: 'a@x', 'profile.kind': 'basic', age: { $gt: 5 } },
      { $set: { name: 'A' }, $setOnInsert: { createdBy: 'upsert' }, $inc: { visits: 1 } },
      { upsert: true },
    );
    expect(res).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
    expect(res.upsertedId).toBeTruthy();
    const doc = await coll.findOne({ _id: res.upsertedId ?? undefined }, { projection: { _id: 0 } });
    expect(doc).toEqual({
      email: 'a@x',
      profile: { kind: 'basic' },
      name: 'A',
      createdBy: 'upsert',
      visits: 1,
    });
    // the second time it matches: $setOnInsert is not applied
    const again = await coll.updateOne(
      { email: 'a@x' },
      { $set: { name: 'B' }, $setOnInsert: { createdBy: 'other' }, $inc: { visits: 1 } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null });
    expect(await coll.findOne({}, { projection: { _id: 0 } })).toEqual({
      email: 'a@x',
      profile: { kind: 'basic' },
      name: 'B',
      createdBy: 'upsert',
      visits: 2,
    });
  });

  test('upsert with an _id in the query uses it; replaceOne upsert inserts the replacement', async () => {
    const coll = s.db.collection(`u${++seq}`);
    const res = await coll.updateOne({ _id: 'fixed' }, { $set: { a: 1 } }, { upsert: true });
    expect(res.upsertedId).toBe('fixed');
    const rep = await coll.replaceOne({ _id: 'other' }, { b: 2 }, { upsert: true });
    expect(rep.upsertedId).toBe('other');
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'fixed', a: 1 },
      { _id: 'other', b: 2 },
    ]);
  });

  test('updateMany with upsert inserts one document when nothing matches', async () => {
    const coll = s.db.collection(`u${++seq}`);
    const res = await coll.updateMany({ group: 'g' }, { $set: { on: true } }, { upsert: true });
    expect(res.upsertedCount).toBe(1);
    expect(await coll.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ group: 'g', on: true }]);
  });

  test('the raw update reply has n, nModified and upserted [{ index, _id }]', async () => {
    const coll = s.db.collection(`u${++seq}`);
    await coll.insertMany([
      { _id: 1, v: 0 },
      { _id: 2, v: 0 },
    ]);
    const reply = await s.db.command({
      update: coll.collectionName,
      updates: [
        { q: {}, u: { $set: { v: 1 } }, multi: true },
        { q: { _id: 3 }, u: { $set: { v: 3 } }, upsert: true },
      ],
    });
    expect(reply.ok).toBe(1);
    expect(reply.n).toBe(3);
    expect(reply.nModified).toBe(2);
    expect(reply.upserted).toEqual([{ index: 1, _id: 3 }]);
  });

  test('an update document mixing operators and plain fields is refused', async () => {
    const { coll, read } = await one({ a: 1 });
    const err = await errorOf(coll.updateOne({ _id: 1 }, { $set: { a: 2 }, b: 1 } as Document));
    expect(err).toBeInstanceOf(Error);
    expect(await read()).toEqual({ a: 1 });
  });

  test('an unknown update operator fails with FailedToParse (9)', async () => {
    const { coll, read } = await one({ a: 1 });
    const err = await errorOf(coll.updateOne({ _id: 1 }, { $frobnicate: { a: 2 } } as Document));
    expect(err).toMatchObject({ code: 9 });
    expect(await read()).toEqual({ a: 1 });
  });
});

describe('more update semantics', () => {
  test('$unset of an array element leaves null in its place; $set on an element path inside documents', async () => {
    const { coll, read } = await one({ arr: [1, 2, 3], items: [{ v: 1 }, { v: 2 }] });
    await coll.updateOne({ _id: 1 }, { $unset: { 'arr.1': '' }, $set: { 'items.1.v': 20 } });
    expect(await read()).toEqual({ arr: [1, null, 3], items: [{ v: 1 }, { v: 20 }] });
  });

  test('$pullAll removes every listed value', async () => {
    const { coll, read } = await one({ arr: [1, 2, 3, 2, 1, 4] });
    await coll.updateOne({ _id: 1 }, { $pullAll: { arr: [1, 2] } } as Document);
    expect(await read()).toEqual({ arr: [3, 4] });
  });

  test('$set through a scalar fails with PathNotViable (28) and changes nothing', async () => {
    const { coll, read } = await one({ a: 5 });
    const err = await errorOf(coll.updateOne({ _id: 1 }, { $set: { 'a.x': 1 } }));
    expect(err).toMatchObject({ code: 28 });
    expect(await read()).toEqual({ a: 5 });
  });

  test('$inc keeps Long and Decimal128 types and exact values', async () => {
    const { coll } = await one({ l: Long.fromString('9007199254740993'), d: Decimal128.fromString('1.10') });
    await coll.updateOne({ _id: 1 }, { $inc: { l: 1, d: 1 } });
    const doc = (await coll.findOne({ _id: 1 }, { promoteLongs: false, promoteValues: false })) as Document;
    expect(doc.l).toBeInstanceOf(Long);
    expect(doc.l.toString()).toBe('9007199254740994');
    expect(doc.d).toBeInstanceOf(Decimal128);
    expect(doc.d.toString()).toBe('2.10');
  });

  test('upsert takes equality fields from $and and ignores operators it cannot turn into values', async () => {
    const coll = s.db.collection(`u${++seq}`);
    const res = await coll.updateOne(
      { $and: [{ a: 1 }, { 'b.c': 'x' }], d: { $in: [1, 2] } },
      { $set: { e: true } },
      { upsert: true },
    );
    expect(res.upsertedCount).toBe(1);
    expect(await coll.findOne({}, { projection: { _id: 0 } })).toEqual({ a: 1, b: { c: 'x' }, e: true });
  });

  test('arrayFilters on documents inside an array, with a condition on two fields', async () => {
    const { coll, read } = await one({
      items: [
        { k: 'a', v: 1 },
        { k: 'b', v: 5 },
        { k: 'a', v: 9 },
      ],
    });
    await coll.updateOne(
      { _id: 1 },
      { $mul: { 'items.$[it].v': 10 } },
      { arrayFilters: [{ 'it.k': 'a', 'it.v': { $gt: 2 } }] },
    );
    expect(await read()).toEqual({
      items: [
        { k: 'a', v: 1 },
        { k: 'b', v: 5 },
        { k: 'a', v: 90 },
      ],
    });
  });

  test('findOneAndUpdate honours arrayFilters too', async () => {
    const { coll } = await one({ grades: [50, 95, 70] });
    const after = await coll.findOneAndUpdate(
      { _id: 1 },
      { $set: { 'grades.$[low]': 60 } },
      { arrayFilters: [{ low: { $lt: 60 } }], returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, grades: [60, 95, 70] });
  });
});
