// Index keys at the edges: long keys, NaN/Infinity/-0, Long beyond 2^53, dates before 1970, strings
// holding NUL, compound keys mixing directions. Each query must answer the same with and without an index.
import { Decimal128, Double, Long } from 'mongodb';
import type { Collection, Document } from 'mongodb';
import { errorOf, startTestServer, type AnyDoc, type TestServer } from '../support/server';

jest.setTimeout(60_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('indexkeys');
});
afterAll(async () => {
  await s?.stop();
});

/** The same documents in a collection with an index on `keys` and in one without. */
async function pair(docs: Document[], keys: Document, options: Document = {}) {
  const indexed = s.db.collection(`k${++seq}_indexed`);
  const plain = s.db.collection(`k${seq}_plain`);
  await indexed.createIndex(keys, options);
  await indexed.insertMany(docs.map((d) => ({ ...d })));
  await plain.insertMany(docs.map((d) => ({ ...d })));
  return { indexed, plain };
}

async function both(
  colls: { indexed: Collection<AnyDoc>; plain: Collection<AnyDoc> },
  filter: Document,
  sort: Document = { _id: 1 },
) {
  const run = async (c: Collection<AnyDoc>) => (await c.find(filter).sort(sort).toArray()).map((d) => d._id);
  const [withIndex, withoutIndex] = await Promise.all([run(colls.indexed), run(colls.plain)]);
  expect(withIndex).toEqual(withoutIndex);
  return withIndex;
}

test('keys of several kilobytes are indexed, unique and found exactly', async () => {
  const prefix = 'p'.repeat(3000);
  const docs = [
    { _id: 1, k: `${prefix}a` },
    { _id: 2, k: `${prefix}b` },
    { _id: 3, k: 'short' },
    { _id: 4, k: 'q'.repeat(8000) },
  ];
  const colls = await pair(docs, { k: 1 }, { unique: true });
  expect(await both(colls, { k: `${prefix}b` })).toEqual([2]);
  // 'short' sorts after the 'p…' and 'q…' keys
  expect(await both(colls, { k: { $gt: prefix } }, { k: 1 })).toEqual([1, 2, 4, 3]);
  expect(await errorOf(colls.indexed.insertOne({ k: `${prefix}a` }))).toMatchObject({ code: 11000 });
  expect(await errorOf(colls.indexed.insertOne({ k: 'q'.repeat(8000) }))).toMatchObject({ code: 11000 });
  const longId = 'i'.repeat(5000);
  await colls.indexed.insertOne({ _id: longId, k: 'another' });
  expect(await colls.indexed.countDocuments({ _id: longId })).toBe(1);
  expect(await errorOf(colls.indexed.insertOne({ _id: longId, k: 'x' }))).toMatchObject({ code: 11000 });
});

test('NaN, ±Infinity and -0 sort and compare like MongoDB, with and without an index', async () => {
  const docs = [
    { _id: 'inf', v: Infinity },
    { _id: 'one', v: 1 },
    { _id: 'nan', v: NaN },
    { _id: 'zero', v: 0 },
    { _id: 'negzero', v: new Double(-0) },
    { _id: 'tiny', v: 1e-300 },
    { _id: 'neginf', v: -Infinity },
    { _id: 'minus', v: -1 },
  ];
  const colls = await pair(docs, { v: 1 });
  const asc = await both(colls, {}, { v: 1, _id: 1 });
  expect(asc).toEqual(['nan', 'neginf', 'minus', 'negzero', 'zero', 'tiny', 'one', 'inf']);
  expect(await both(colls, { v: 0 })).toEqual(['negzero', 'zero']);
  expect(await both(colls, { v: NaN })).toEqual(['nan']);
  expect(await both(colls, { v: { $gt: -Infinity } }, { v: 1, _id: 1 })).toEqual([
    'minus',
    'negzero',
    'zero',
    'tiny',
    'one',
    'inf',
  ]);
  expect(await both(colls, { v: { $lt: 0 } }, { v: 1 })).toEqual(['neginf', 'minus']);
});

test('Long values beyond 2^53 stay distinct from the nearest double', async () => {
  const docs = [
    { _id: 'double', v: 9007199254740992 },
    { _id: 'longPlus1', v: Long.fromString('9007199254740993') },
    { _id: 'longPlus2', v: Long.fromString('9007199254740994') },
    { _id: 'decimal', v: Decimal128.fromString('9007199254740993') },
    { _id: 'maxLong', v: Long.MAX_VALUE },
  ];
  const colls = await pair(docs, { v: 1 });
  expect(await both(colls, { v: Long.fromString('9007199254740993') })).toEqual(['decimal', 'longPlus1']);
  expect(await both(colls, { v: 9007199254740992 })).toEqual(['double']);
  expect(await both(colls, { v: { $gt: 9007199254740992 } }, { v: 1, _id: 1 })).toEqual([
    'decimal',
    'longPlus1',
    'longPlus2',
    'maxLong',
  ]);
  const unique = s.db.collection(`k${++seq}_unique_long`);
  await unique.createIndex({ v: 1 }, { unique: true });
  await unique.insertOne({ v: 9007199254740992 });
  await expect(unique.insertOne({ v: Long.fromString('9007199254740993') })).resolves.toBeTruthy();
});

test('dates before and after 1970 keep their order in an index', async () => {
  const docs = [
    { _id: 'y2000', at: new Date('2000-01-01T00:00:00Z') },
    { _id: 'y1969', at: new Date('1969-12-31T23:59:59.999Z') },
    { _id: 'epoch', at: new Date(0) },
    { _id: 'y1900', at: new Date('1900-01-01T00:00:00Z') },
    { _id: 'y2100', at: new Date('2100-01-01T00:00:00Z') },
  ];
  const colls = await pair(docs, { at: 1 });
  expect(await both(colls, {}, { at: 1 })).toEqual(['y1900', 'y1969', 'epoch', 'y2000', 'y2100']);
  expect(await both(colls, { at: { $lt: new Date(0) } }, { at: -1 })).toEqual(['y1969', 'y1900']);
  expect(await both(colls, { at: { $gte: new Date(0), $lt: new Date('2050-01-01') } }, { at: 1 })).toEqual([
    'epoch',
    'y2000',
  ]);
});

test('strings with NUL and low characters keep code point order in an index', async () => {
  const docs = [
    { _id: 'ab', s: 'ab' },
    { _id: 'a', s: 'a' },
    { _id: 'a\\x01', s: 'a\u0001' },
    { _id: 'a\\0b', s: 'a\u0000b' },
    { _id: 'empty', s: '' },
    { _id: 'emoji', s: 'a😀' },
    { _id: 'e-acute', s: 'aé' },
  ];
  const colls = await pair(docs, { s: 1 });
  expect(await both(colls, {}, { s: 1 })).toEqual([
    'empty',
    'a',
    'a\\0b',
    'a\\x01',
    'ab',
    'e-acute',
    'emoji',
  ]);
  expect(await both(colls, { s: 'a' })).toEqual(['a']);
  expect(await both(colls, { s: { $gt: 'a', $lt: 'ab' } }, { s: 1 })).toEqual(['a\\0b', 'a\\x01']);
  expect(await both(colls, { s: { $regex: '^a\\x00' } })).toEqual(['a\\0b']);
});

test('a compound index with mixed directions answers sorts in both directions and with nulls', async () => {
  const docs = [
    { _id: 1, g: 'x', n: 3 },
    { _id: 2, g: 'x', n: 1 },
    { _id: 3, g: 'y', n: 2 },
    { _id: 4, g: 'x' },
    { _id: 5, g: null, n: 9 },
    { _id: 6, n: 4 },
    { _id: 7, g: 'x', n: null },
  ];
  const colls = await pair(docs, { g: 1, n: -1 });
  expect(await both(colls, {}, { g: 1, n: -1, _id: 1 })).toEqual([5, 6, 1, 2, 4, 7, 3]);
  expect(await both(colls, {}, { g: -1, n: 1, _id: -1 })).toEqual([3, 7, 4, 2, 1, 6, 5]);
  expect(await both(colls, { g: 'x', n: { $gte: 1 } }, { n: -1 })).toEqual([1, 2]);
  expect(await both(colls, { g: 'x', n: null }, { _id: 1 })).toEqual([4, 7]);
  expect(await both(colls, { g: null }, { _id: 1 })).toEqual([5, 6]);
});

test('an index on a subdocument value compares whole documents in field order', async () => {
  const docs = [
    { _id: 1, o: { a: 1, b: 2 } },
    { _id: 2, o: { b: 2, a: 1 } },
    { _id: 3, o: { a: 1 } },
    { _id: 4, o: { a: 2 } },
  ];
  const colls = await pair(docs, { o: 1 });
  expect(await both(colls, { o: { a: 1, b: 2 } })).toEqual([1]);
  expect(await both(colls, {}, { o: 1 })).toEqual([3, 1, 4, 2]);
});
