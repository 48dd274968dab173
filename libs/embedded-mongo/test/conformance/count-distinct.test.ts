// count (raw and via the driver's countDocuments / estimatedDocumentCount) and distinct.
import { Double, Long } from 'mongodb';
import { startTestServer, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('count');
  await s.db.collection('items').insertMany([
    { kind: 'a', n: 1, tags: ['x', 'y'], sub: { c: 'red' } },
    { kind: 'a', n: 2, tags: ['y'], sub: { c: 'blue' } },
    { kind: 'b', n: 3, tags: [], sub: { c: 'red' } },
    { kind: 'b', n: 4, tags: ['z', 'x'] },
    { kind: 'c', n: 5 },
    { n: 6, tags: 'x' },
  ]);
});
afterAll(async () => {
  await s?.stop();
});

const items = () => s.db.collection('items');

test('countDocuments counts matches, honours skip and limit', async () => {
  expect(await items().countDocuments()).toBe(6);
  expect(await items().countDocuments({ kind: 'a' })).toBe(2);
  expect(await items().countDocuments({ n: { $gt: 2 } })).toBe(4);
  expect(await items().countDocuments({ n: { $gt: 2 } }, { skip: 1, limit: 2 })).toBe(2);
  expect(await items().countDocuments({ kind: 'zzz' })).toBe(0);
  expect(await s.db.collection('empty_nothing').countDocuments()).toBe(0);
});

test('estimatedDocumentCount counts the whole collection', async () => {
  expect(await items().estimatedDocumentCount()).toBe(6);
  expect(await s.db.collection('empty_nothing').estimatedDocumentCount()).toBe(0);
});

test('the raw count command answers { n, ok } with query, skip and limit', async () => {
  expect(await s.db.command({ count: 'items' })).toMatchObject({ n: 6, ok: 1 });
  expect(await s.db.command({ count: 'items', query: { kind: 'b' } })).toMatchObject({ n: 2, ok: 1 });
  expect(await s.db.command({ count: 'items', query: {}, skip: 4 })).toMatchObject({ n: 2 });
  expect(await s.db.command({ count: 'items', query: {}, limit: 3 })).toMatchObject({ n: 3 });
  expect(await s.db.command({ count: 'no_such_collection' })).toMatchObject({ n: 0, ok: 1 });
});

test('distinct returns each value once, unwinding arrays, with a filter and dotted paths', async () => {
  expect((await items().distinct('kind')).sort()).toEqual(['a', 'b', 'c']);
  expect((await items().distinct('tags')).sort()).toEqual(['x', 'y', 'z']);
  expect((await items().distinct('tags', { kind: 'a' })).sort()).toEqual(['x', 'y']);
  expect((await items().distinct('sub.c')).sort()).toEqual(['blue', 'red']);
  expect(await items().distinct('nothing')).toEqual([]);
  const raw = await s.db.command({ distinct: 'items', key: 'n', query: { n: { $lte: 3 } } });
  expect(raw.ok).toBe(1);
  expect([...raw.values].sort()).toEqual([1, 2, 3]);
});

test('distinct treats equal numbers of different types as one value', async () => {
  const coll = s.db.collection('nums');
  await coll.insertMany([{ v: 1 }, { v: new Double(1) }, { v: Long.fromNumber(1) }, { v: 2 }, { v: '1' }]);
  const values = await coll.distinct('v');
  expect(values).toHaveLength(3);
  expect(values).toEqual(expect.arrayContaining([1, 2, '1']));
});
