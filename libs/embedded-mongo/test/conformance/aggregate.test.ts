// aggregate: a spread of stages, $lookup across collections, and cursor results beyond the first batch.
import { Double, Int32, Long } from 'mongodb';
import { recordCommands, startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let commands: ReturnType<typeof recordCommands>;
beforeAll(async () => {
  s = await startTestServer('agg', { client: { monitorCommands: true } });
  commands = recordCommands(s.client);
  await s.db.collection('orders').insertMany([
    {
      _id: 1,
      customer: 'c1',
      items: [
        { sku: 'pen', qty: 2, price: 1.5 },
        { sku: 'ink', qty: 1, price: 4 },
      ],
      city: 'rome',
      total: 7,
    },
    { _id: 2, customer: 'c2', items: [{ sku: 'pen', qty: 10, price: 1.5 }], city: 'oslo', total: 15 },
    { _id: 3, customer: 'c1', items: [{ sku: 'pad', qty: 3, price: 2 }], city: 'rome', total: 6 },
    { _id: 4, customer: 'c3', items: [], city: 'lima', total: 0 },
    { _id: 5, customer: 'c2', items: [{ sku: 'ink', qty: 2, price: 4 }], city: 'oslo', total: 8 },
  ]);
  await s.db.collection('customers').insertMany([
    { _id: 'c1', name: 'Ana', tier: 'gold' },
    { _id: 'c2', name: 'Ben', tier: 'silver' },
    { _id: 'c3', name: 'Cai', tier: 'silver' },
  ]);
});
afterAll(async () => {
  await s?.stop();
});

const orders = () => s.db.collection('orders');

test('$match, $group with accumulators and $sort', async () => {
  const out = await orders()
    .aggregate([
      { $match: { total: { $gt: 0 } } },
      { $sort: { _id: 1 } },
      {
        $group: {
          _id: '$customer',
          orders: { $sum: 1 },
          spent: { $sum: '$total' },
          avg: { $avg: '$total' },
          max: { $max: '$total' },
          cities: { $addToSet: '$city' },
          ids: { $push: '$_id' },
          first: { $first: '$_id' },
        },
      },
      { $sort: { spent: -1 } },
    ])
    .toArray();
  expect(out).toEqual([
    { _id: 'c2', orders: 2, spent: 23, avg: 11.5, max: 15, cities: ['oslo'], ids: [2, 5], first: 2 },
    { _id: 'c1', orders: 2, spent: 13, avg: 6.5, max: 7, cities: ['rome'], ids: [1, 3], first: 1 },
  ]);
});

test('$group with _id null totals the collection', async () => {
  const out = await orders()
    .aggregate([{ $group: { _id: null, n: { $sum: 1 }, sum: { $sum: '$total' } } }])
    .toArray();
  expect(out).toEqual([{ _id: null, n: 5, sum: 36 }]);
});

test('$unwind, $project with expressions, $addFields, $limit and $skip', async () => {
  const out = await orders()
    .aggregate([
      { $unwind: '$items' },
      {
        $project: {
          _id: 0,
          order: '$_id',
          sku: '$items.sku',
          line: { $multiply: ['$items.qty', '$items.price'] },
        },
      },
      {
        $addFields: {
          big: { $gte: ['$line', 8] },
          label: { $concat: ['$sku', '#', { $toString: '$order' }] },
        },
      },
      { $sort: { line: -1, order: 1 } },
      { $skip: 1 },
      { $limit: 3 },
    ])
    .toArray();
  expect(out).toEqual([
    { order: 5, sku: 'ink', line: 8, big: true, label: 'ink#5' },
    { order: 3, sku: 'pad', line: 6, big: false, label: 'pad#3' },
    { order: 1, sku: 'ink', line: 4, big: false, label: 'ink#1' },
  ]);
});

test('$unwind with preserveNullAndEmptyArrays keeps documents with empty arrays', async () => {
  const out = await orders()
    .aggregate([{ $unwind: { path: '$items', preserveNullAndEmptyArrays: true } }, { $count: 'lines' }])
    .toArray();
  expect(out).toEqual([{ lines: 6 }]);
});

test('$lookup joins another collection of the same database', async () => {
  const out = await orders()
    .aggregate([
      { $match: { _id: { $in: [1, 4] } } },
      { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'who' } },
      { $project: { customer: 1, name: { $arrayElemAt: ['$who.name', 0] }, n: { $size: '$who' } } },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  expect(out).toEqual([
    { _id: 1, customer: 'c1', name: 'Ana', n: 1 },
    { _id: 4, customer: 'c3', name: 'Cai', n: 1 },
  ]);
  const missing = await orders()
    .aggregate([
      { $match: { _id: 1 } },
      { $lookup: { from: 'no_such_coll', localField: 'customer', foreignField: '_id', as: 'who' } },
    ])
    .toArray();
  expect(missing[0]?.who).toEqual([]);
});

test('$lookup from the customers side groups orders per customer', async () => {
  const out = await s.db
    .collection('customers')
    .aggregate([
      { $lookup: { from: 'orders', localField: '_id', foreignField: 'customer', as: 'orders' } },
      { $project: { count: { $size: '$orders' }, spent: { $sum: '$orders.total' } } },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  expect(out).toEqual([
    { _id: 'c1', count: 2, spent: 13 },
    { _id: 'c2', count: 2, spent: 23 },
    { _id: 'c3', count: 1, spent: 0 },
  ]);
});

test('$lookup matches values MongoDB calls equal: numbers across BSON types, strings under the collation', async () => {
  await s.db.collection('codes').insertMany([
    { _id: 1, code: new Int32(2), label: 'int' },
    { _id: 2, code: new Double(2), label: 'double' },
    { _id: 3, code: Long.fromNumber(2), label: 'long' },
    { _id: 4, code: 3, label: 'three' },
    { _id: 5, code: [2, 7], label: 'array' },
    { _id: 6, label: 'none' },
    { _id: 7, code: 'Ọjọ́', label: 'word' },
  ]);
  await s.db
    .collection('wanted')
    .insertMany([
      { _id: 'two', code: new Double(2) },
      { _id: 'many', code: [3, 7] },
      { _id: 'missing' },
      { _id: 'word', code: 'ọjọ' },
    ]);
  const labels = async (collation?: { locale: string; strength: 1 }) =>
    Object.fromEntries(
      (
        await s.db
          .collection('wanted')
          .aggregate<{ _id: string; found: { label: string }[] }>(
            [
              { $lookup: { from: 'codes', localField: 'code', foreignField: 'code', as: 'found' } },
              { $sort: { _id: 1 } },
            ],
            collation ? { collation } : {},
          )
          .toArray()
      ).map((d) => [d._id, d.found.map((f) => f.label)]),
    );
  expect(await labels()).toEqual({
    two: ['int', 'double', 'long', 'array'],
    many: ['three', 'array'],
    missing: ['none'],
    word: [],
  });
  expect((await labels({ locale: 'yo', strength: 1 })).word).toEqual(['word']);
});

test('$facet runs sub-pipelines over the same input', async () => {
  const out = await orders()
    .aggregate([
      {
        $facet: {
          byCity: [{ $group: { _id: '$city', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
          total: [{ $count: 'n' }],
          top: [{ $sort: { total: -1 } }, { $limit: 1 }, { $project: { _id: 1 } }],
        },
      },
    ])
    .toArray();
  expect(out).toEqual([
    {
      byCity: [
        { _id: 'lima', n: 1 },
        { _id: 'oslo', n: 2 },
        { _id: 'rome', n: 2 },
      ],
      total: [{ n: 5 }],
      top: [{ _id: 2 }],
    },
  ]);
});

test('$bucket groups by boundaries with a default bucket', async () => {
  const out = await orders()
    .aggregate([
      { $sort: { _id: 1 } },
      {
        $bucket: {
          groupBy: '$total',
          boundaries: [0, 5, 10],
          default: 'big',
          output: { n: { $sum: 1 }, ids: { $push: '$_id' } },
        },
      },
    ])
    .toArray();
  expect(out).toEqual([
    { _id: 0, n: 1, ids: [4] },
    { _id: 5, n: 3, ids: [1, 3, 5] },
    { _id: 'big', n: 1, ids: [2] },
  ]);
});

test('$count on an empty result returns no document', async () => {
  expect(
    await orders()
      .aggregate([{ $match: { city: 'nowhere' } }, { $count: 'n' }])
      .toArray(),
  ).toEqual([]);
});

test('an aggregate over 250 documents returns them all through getMore after the first batch', async () => {
  const coll = s.db.collection('many');
  await coll.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
  commands.clear();
  const out = await coll.aggregate([{ $sort: { i: 1 } }, { $project: { _id: 0, i: 1 } }]).toArray();
  expect(out.map((d) => d.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
  const first = commands.succeeded.find((e) => e.commandName === 'aggregate');
  expect(first?.reply.cursor.firstBatch.length).toBeLessThan(250);
  expect(commands.named('getMore').length).toBeGreaterThanOrEqual(1);
  // and with an explicit batch size
  commands.clear();
  const paged = await coll.aggregate([{ $match: { i: { $gte: 100 } } }], { batchSize: 40 }).toArray();
  expect(paged).toHaveLength(150);
  expect(commands.named('getMore').length).toBeGreaterThanOrEqual(3);
});

test('the raw aggregate reply is a cursor { id, ns, firstBatch }', async () => {
  const reply = await s.db.command({ aggregate: 'orders', pipeline: [{ $match: { _id: 1 } }], cursor: {} });
  expect(reply.ok).toBe(1);
  expect(reply.cursor.ns).toBe(`${s.dbName}.orders`);
  expect(Number(reply.cursor.id)).toBe(0);
  expect(reply.cursor.firstBatch).toHaveLength(1);
});

test('an unknown stage fails with 40324 and an unknown expression operator with 168', async () => {
  expect(
    await errorOf(
      orders()
        .aggregate([{ $frobnicate: {} }])
        .toArray(),
    ),
  ).toMatchObject({ code: 40324 });
  expect(
    await errorOf(
      orders()
        .aggregate([{ $project: { x: { $frobnicate: 1 } } }])
        .toArray(),
    ),
  ).toMatchObject({
    code: 168,
  });
});

describe('more stages and expressions', () => {
  test('$lookup with let and a pipeline', async () => {
    const out = await s.db
      .collection('customers')
      .aggregate([
        {
          $lookup: {
            from: 'orders',
            let: { cid: '$_id' },
            pipeline: [
              { $match: { $expr: { $and: [{ $eq: ['$customer', '$$cid'] }, { $gte: ['$total', 7] }] } } },
              { $project: { _id: 1 } },
              { $sort: { _id: 1 } },
            ],
            as: 'big',
          },
        },
        { $sort: { _id: 1 } },
        { $project: { big: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 'c1', big: [{ _id: 1 }] },
      { _id: 'c2', big: [{ _id: 2 }, { _id: 5 }] },
      { _id: 'c3', big: [] },
    ]);
  });

  test('$unionWith appends another collection of the same database', async () => {
    const out = await s.db
      .collection('customers')
      .aggregate([
        { $project: { _id: 0, name: 1 } },
        {
          $unionWith: {
            coll: 'orders',
            pipeline: [{ $match: { _id: 1 } }, { $project: { _id: 0, city: 1 } }],
          },
        },
      ])
      .toArray();
    expect(out).toHaveLength(4);
    expect(out).toContainEqual({ city: 'rome' });
    expect(out).toContainEqual({ name: 'Ana' });
  });

  test('$sortByCount, $replaceRoot, $sample and expression operators', async () => {
    expect(
      await orders()
        .aggregate([{ $sortByCount: '$city' }, { $sort: { count: -1, _id: 1 } }])
        .toArray(),
    ).toEqual([
      { _id: 'oslo', count: 2 },
      { _id: 'rome', count: 2 },
      { _id: 'lima', count: 1 },
    ]);
    expect(
      await orders()
        .aggregate([{ $match: { _id: 2 } }, { $replaceRoot: { newRoot: { $arrayElemAt: ['$items', 0] } } }])
        .toArray(),
    ).toEqual([{ sku: 'pen', qty: 10, price: 1.5 }]);
    const sample = await orders()
      .aggregate([{ $sample: { size: 3 } }])
      .toArray();
    expect(sample).toHaveLength(3);
    expect(new Set(sample.map((d) => d._id)).size).toBe(3);
    const [exprs] = await orders()
      .aggregate([
        { $match: { _id: 1 } },
        {
          $project: {
            _id: 0,
            kind: { $cond: [{ $gte: ['$total', 7] }, 'big', 'small'] },
            skus: { $map: { input: '$items', as: 'i', in: '$$i.sku' } },
            cheap: { $filter: { input: '$items', as: 'i', cond: { $lt: ['$$i.price', 2] } } },
            qty: { $reduce: { input: '$items', initialValue: 0, in: { $add: ['$$value', '$$this.qty'] } } },
            day: { $dateToString: { format: '%Y-%m-%d', date: new Date('2024-03-05T10:00:00Z') } },
            upper: { $toUpper: '$city' },
          },
        },
      ])
      .toArray();
    expect(exprs).toEqual({
      kind: 'big',
      skus: ['pen', 'ink'],
      cheap: [{ sku: 'pen', qty: 2, price: 1.5 }],
      qty: 3,
      day: '2024-03-05',
      upper: 'ROME',
    });
  });

  test('$group by a compound key with $dateToString and $sum over dates', async () => {
    const coll = s.db.collection('events');
    await coll.insertMany([
      { at: new Date('2024-01-01T10:00:00Z'), kind: 'a' },
      { at: new Date('2024-01-01T23:00:00Z'), kind: 'a' },
      { at: new Date('2024-01-02T01:00:00Z'), kind: 'a' },
      { at: new Date('2024-01-02T02:00:00Z'), kind: 'b' },
    ]);
    const out = await coll
      .aggregate([
        {
          $group: {
            _id: { day: { $dateToString: { format: '%Y-%m-%d', date: '$at' } }, kind: '$kind' },
            n: { $sum: 1 },
          },
        },
        { $sort: { '_id.day': 1, '_id.kind': 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: { day: '2024-01-01', kind: 'a' }, n: 2 },
      { _id: { day: '2024-01-02', kind: 'a' }, n: 1 },
      { _id: { day: '2024-01-02', kind: 'b' }, n: 1 },
    ]);
  });
});
