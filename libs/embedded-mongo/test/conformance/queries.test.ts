// Query semantics beyond the basics: arrays, embedded documents, $expr, $type, $mod, $nor, regex options,
// and projections on arrays, as MongoDB defines them.
import { Long } from 'mongodb';
import type { Document } from 'mongodb';
import { startTestServer, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('queries');
  await s.db.collection('q').insertMany([
    {
      _id: 1,
      a: [1, 2, 3],
      s: 'Apple',
      n: 10,
      sub: { x: 1, y: 2 },
      m: [[1, 2], [3]],
      items: [
        { k: 'a', v: 1 },
        { k: 'b', v: 2 },
      ],
    },
    { _id: 2, a: [2, 5], s: 'banana', n: 15.5, sub: { y: 2, x: 1 }, items: [{ k: 'a', v: 5 }] },
    { _id: 3, a: [], s: 'cherry', n: -3, sub: { x: 1 }, items: [] },
    { _id: 4, a: 7, s: 'apple pie', n: null },
    { _id: 5, s: 'Äpfel', n: Long.fromNumber(20), sub: { x: { deep: true } } },
  ]);
});
afterAll(async () => {
  await s?.stop();
});

const ids = async (filter: Document, sort: Document = { _id: 1 }) =>
  (await s.db.collection('q').find(filter).sort(sort).toArray()).map((d) => d._id);

test('arrays: element match, exact array, index paths, nested arrays', async () => {
  expect(await ids({ a: 2 })).toEqual([1, 2]);
  expect(await ids({ a: [2, 5] })).toEqual([2]);
  expect(await ids({ a: [5, 2] })).toEqual([]);
  expect(await ids({ 'a.0': 2 })).toEqual([2]);
  expect(await ids({ a: { $size: 2 } })).toEqual([2]);
  expect(await ids({ m: [3] })).toEqual([1]);
  expect(await ids({ 'm.0': [1, 2] })).toEqual([1]);
  expect(await ids({ a: { $nin: [2] } })).toEqual([3, 4, 5]);
});

test('range conditions on arrays: any element per condition, or one element with $elemMatch', async () => {
  expect(await ids({ a: { $gt: 4 } })).toEqual([2, 4]);
  // 5 satisfies $gt 3 and 2 satisfies $lt 5: the array matches without one element in (3, 5)
  expect(await ids({ a: { $gt: 3, $lt: 5 } })).toEqual([2]);
  expect(await ids({ a: { $elemMatch: { $gt: 3, $lt: 5 } } })).toEqual([]);
  expect(await ids({ a: { $elemMatch: { $gte: 3 } } })).toEqual([1, 2]);
});

test('embedded documents: whole-document equality is exact and order-sensitive, dotted paths are not', async () => {
  expect(await ids({ sub: { x: 1, y: 2 } })).toEqual([1]);
  expect(await ids({ sub: { y: 2, x: 1 } })).toEqual([2]);
  expect(await ids({ 'sub.x': 1 })).toEqual([1, 2, 3]);
  expect(await ids({ 'sub.x.deep': true })).toEqual([5]);
  expect(await ids({ items: { $elemMatch: { k: 'a', v: { $gt: 2 } } } })).toEqual([2]);
  expect(await ids({ 'items.k': 'b' })).toEqual([1]);
  expect(await ids({ 'items.v': { $all: [1, 2] } })).toEqual([1]);
});

test('$regex with options, $not with a regex, $mod, $type, $in with null, $ne, $nor', async () => {
  expect(await ids({ s: { $regex: '^a', $options: 'i' } })).toEqual([1, 4]);
  expect(await ids({ s: /pie$/ })).toEqual([4]);
  expect(await ids({ s: { $not: /^a/i } })).toEqual([2, 3, 5]);
  expect(await ids({ n: { $mod: [10, 0] } })).toEqual([1, 5]);
  expect(await ids({ n: { $type: 'number' } })).toEqual([1, 2, 3, 5]);
  expect(await ids({ n: { $type: 'long' } })).toEqual([5]);
  expect(await ids({ n: { $type: ['null', 'long'] } })).toEqual([4, 5]);
  expect(await ids({ n: { $in: [null, 10] } })).toEqual([1, 4]);
  expect(await ids({ n: { $ne: 10 } })).toEqual([2, 3, 4, 5]);
  expect(await ids({ $nor: [{ n: { $gt: 0 } }, { a: { $exists: false } }] })).toEqual([3, 4]);
});

test('$expr compares fields of the same document', async () => {
  expect(await ids({ $expr: { $gt: ['$n', 12] } })).toEqual([2, 5]);
  expect(await ids({ $expr: { $lt: ['$sub.x', '$sub.y'] } })).toEqual([1, 2]);
});

test('strings sort by code point; numbers of mixed types sort by value', async () => {
  expect(await ids({}, { s: 1 })).toEqual([1, 4, 2, 3, 5]);
  expect(await ids({ n: { $type: 'number' } }, { n: -1 })).toEqual([5, 2, 1, 3]);
});

test('array projections: $elemMatch and a dotted path into an array of documents', async () => {
  const coll = s.db.collection('q');
  expect(await coll.findOne({ _id: 1 }, { projection: { items: { $elemMatch: { v: 2 } } } })).toEqual({
    _id: 1,
    items: [{ k: 'b', v: 2 }],
  });
  expect(await coll.findOne({ _id: 1 }, { projection: { 'items.k': 1, _id: 0 } })).toEqual({
    items: [{ k: 'a' }, { k: 'b' }],
  });
  expect(await coll.findOne({ _id: 1 }, { projection: { a: { $slice: [1, 1] }, _id: 0, s: 1 } })).toEqual({
    a: [2],
    s: 'Apple',
  });
});
