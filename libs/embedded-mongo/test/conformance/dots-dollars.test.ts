// Field names with dots and dollars (MongoDB 5+): inserts store them as they are, replacements accept dots and
// embedded `$` names, and what MongoDB refuses is refused with its codes.
import { startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('dotsdollars');
});
afterAll(async () => {
  await s?.stop();
});

const fresh = () => s.db.collection(`d${++seq}`);

test('insertOne and insertMany keep top-level and embedded dotted and $-prefixed names', async () => {
  const coll = fresh();
  await coll.insertOne({ _id: 1, $a: 1, 'b.c': 2, e: { $f: 3, 'g.h': 4 } });
  await coll.insertMany([
    { _id: 2, $price: { $usd: 5 } },
    { _id: 3, arr: [{ $x: 1 }, { 'y.z': 2 }] },
  ]);
  expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
    { _id: 1, $a: 1, 'b.c': 2, e: { $f: 3, 'g.h': 4 } },
    { _id: 2, $price: { $usd: 5 } },
    { _id: 3, arr: [{ $x: 1 }, { 'y.z': 2 }] },
  ]);
});

test('bulkWrite insertOne keeps them too', async () => {
  const coll = fresh();
  await coll.bulkWrite([{ insertOne: { document: { _id: 1, $a: 1, 'a.b': 2 } } }]);
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, $a: 1, 'a.b': 2 });
});

test('a dotted query path walks into documents and does not match a dotted field name; $getField does', async () => {
  const coll = fresh();
  await coll.insertMany([
    { _id: 1, 'price.usd': 10 },
    { _id: 2, price: { usd: 10 } },
  ]);
  expect((await coll.find({ 'price.usd': 10 }).toArray()).map((d) => d._id)).toEqual([2]);
  const literal = await coll
    .find({ $expr: { $eq: [{ $getField: { $literal: 'price.usd' } }, 10] } })
    .toArray();
  expect(literal.map((d) => d._id)).toEqual([1]);
});

test('replaceOne accepts top-level dotted names and embedded $-prefixed names', async () => {
  const coll = fresh();
  await coll.insertOne({ _id: 1 });
  await coll.replaceOne({ _id: 1 }, { 'a.b': 1, c: { $d: 2 } });
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, 'a.b': 1, c: { $d: 2 } });
  const r = await coll.findOneAndReplace({ _id: 1 }, { e: { $f: 1 } }, { returnDocument: 'after' });
  expect(r).toEqual({ _id: 1, e: { $f: 1 } });
});

test('a replacement with a top-level $-prefixed name (not first) fails with code 52 and changes nothing', async () => {
  const coll = fresh();
  await coll.insertOne({ _id: 1, keep: true });
  const err = await errorOf(coll.replaceOne({ _id: 1 }, { a: 1, $b: 2 }));
  expect(err.code).toBe(52);
  expect(err.message).toContain(
    "The dollar ($) prefixed field '$b' in '$b' is not allowed in the context of an update's replacement document.",
  );
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, keep: true });
  const upsertErr = await errorOf(coll.replaceOne({ _id: 2 }, { a: 1, $b: 2 }, { upsert: true }));
  expect(upsertErr.code).toBe(52);
  expect(await coll.countDocuments()).toBe(1);
});

test('$setField in a pipeline update adds a $-prefixed or dotted field', async () => {
  const coll = fresh();
  await coll.insertOne({ _id: 1, foo: {} });
  await coll.updateOne({ _id: 1 }, [
    {
      $replaceWith: {
        $setField: { field: { $literal: '$a' }, value: 1, input: '$$ROOT' },
      },
    },
  ]);
  await coll.updateOne({ _id: 1 }, [
    { $set: { foo: { $setField: { field: 'a.b', value: 2, input: '$foo' } } } },
  ]);
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, foo: { 'a.b': 2 }, $a: 1 });
});

test('an _id with a $-prefixed field is refused with code 52', async () => {
  const coll = fresh();
  const err = await errorOf(coll.insertOne({ _id: { $a: 1 } as never }));
  expect(err.code).toBe(52);
  expect(err.message).toContain(
    "_id fields may not contain '$'-prefixed fields: $a is not valid for storage.",
  );
  const nested = await errorOf(coll.insertOne({ _id: { a: { $b: 1 } } as never }));
  expect(nested.code).toBe(52);
  expect(await coll.countDocuments()).toBe(0);
});
