// Collation on find, count, distinct, aggregate, update, delete, findAndModify and indexes, compared through
// ICU as MongoDB does; without a collation (or with `simple`) strings keep binary order.
import { startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('collation');
});
afterAll(async () => {
  await s?.stop();
});

const fresh = () => s.db.collection(`c${++seq}`);
const base = { locale: 'en', strength: 1 } as const;

async function words() {
  const coll = fresh();
  await coll.insertMany([
    { _id: 1, w: 'cafe' },
    { _id: 2, w: 'Café' },
    { _id: 3, w: 'CAFE' },
    { _id: 4, w: 'apple' },
    { _id: 5, w: 'Banana' },
  ]);
  return coll;
}
const ids = (docs: { _id?: unknown }[]) => docs.map((d) => d._id);

test('strength 1 ignores case and accents, 2 ignores case only, 3 and simple compare exactly', async () => {
  const coll = await words();
  const find = (collation?: { locale: string; strength?: 1 | 2 | 3 }) =>
    coll.find({ w: 'cafe' }, { collation, sort: { _id: 1 } }).toArray();
  expect(ids(await find(base))).toEqual([1, 2, 3]);
  expect(ids(await find({ locale: 'en', strength: 2 }))).toEqual([1, 3]);
  expect(ids(await find({ locale: 'en', strength: 3 }))).toEqual([1]);
  expect(ids(await find({ locale: 'simple' }))).toEqual([1]);
  expect(ids(await find())).toEqual([1]);
});

test('caseLevel with strength 1 tells case apart but not accents', async () => {
  const coll = await words();
  const docs = await coll
    .find({ w: 'cafe' }, { collation: { locale: 'en', strength: 1, caseLevel: true }, sort: { _id: 1 } })
    .toArray();
  expect(ids(docs)).toEqual([1]);
  const upper = await coll
    .find({ w: 'CAFÉ' }, { collation: { locale: 'en', strength: 1, caseLevel: true } })
    .toArray();
  expect(ids(upper)).toEqual([3]);
});

test('sort follows the locale; without a collation uppercase sorts before lowercase', async () => {
  const coll = await words();
  const binary = await coll.find({ _id: { $in: [1, 4, 5] } }, { sort: { w: 1 } }).toArray();
  expect(binary.map((d) => d.w)).toEqual(['Banana', 'apple', 'cafe']);
  const english = await coll
    .find({ _id: { $in: [1, 4, 5] } }, { sort: { w: 1 }, collation: { locale: 'en' } })
    .toArray();
  expect(english.map((d) => d.w)).toEqual(['apple', 'Banana', 'cafe']);
});

test('numericOrdering compares digit runs as numbers', async () => {
  const coll = fresh();
  await coll.insertMany([{ v: '10' }, { v: '9' }, { v: '100' }]);
  const docs = await coll
    .find({}, { sort: { v: 1 }, collation: { locale: 'en', numericOrdering: true } })
    .toArray();
  expect(docs.map((d) => d.v)).toEqual(['9', '10', '100']);
  const gt = await coll
    .find({ v: { $gt: '9' } }, { collation: { locale: 'en', numericOrdering: true } })
    .toArray();
  expect(gt.map((d) => d.v).sort()).toEqual(['10', '100']);
});

test("alternate 'shifted' ignores spaces and punctuation", async () => {
  const coll = fresh();
  await coll.insertMany([
    { _id: 1, v: 'e-mail' },
    { _id: 2, v: 'e mail' },
    { _id: 3, v: 'email' },
  ]);
  const docs = await coll
    .find({ v: 'email' }, { collation: { locale: 'en', alternate: 'shifted' }, sort: { _id: 1 } })
    .toArray();
  expect(ids(docs)).toEqual([1, 2, 3]);
});

test('a Yoruba case- and tone-insensitive duplicate check (locale yo, strength 1)', async () => {
  const coll = fresh();
  await coll.insertMany([
    { _id: 1, w: 'Ọjọ́' },
    { _id: 2, w: 'ọjọ' },
    { _id: 3, w: 'ỌJỌ' },
    { _id: 4, w: 'ọ̀jọ̀' },
    { _id: 5, w: 'ojo' },
  ]);
  const yo = { locale: 'yo', strength: 1 } as const;
  expect(ids(await coll.find({ w: 'Ọjọ́' }, { collation: yo, sort: { _id: 1 } }).toArray())).toEqual([
    1, 2, 3, 4,
  ]);
  // ICU's Yoruba alphabet has ọ as a letter of its own, so plain "ojo" is another word; a locale without
  // that letter (English) folds it to o
  expect(
    ids(
      await coll.find({ w: 'Ọjọ́' }, { collation: { locale: 'en', strength: 1 }, sort: { _id: 1 } }).toArray(),
    ),
  ).toEqual([1, 2, 3, 4, 5]);
  expect(await coll.countDocuments({ w: 'ojo' }, { collation: yo })).toBe(1);
  expect(ids(await coll.find({ w: 'Ọjọ́' }).toArray())).toEqual([1]);
});

test('count, distinct and aggregate take a collation', async () => {
  const coll = await words();
  expect(await coll.countDocuments({ w: 'cafe' }, { collation: base })).toBe(3);
  expect(
    await s.db.command({ count: coll.collectionName, query: { w: 'CAFE' }, collation: base }),
  ).toMatchObject({ n: 3 });
  const distinct = await coll.distinct('w', {}, { collation: base });
  expect(distinct).toHaveLength(3);
  const agg = await coll
    .aggregate([{ $match: { w: 'café' } }, { $sort: { _id: -1 } }, { $project: { _id: 1 } }], {
      collation: base,
    })
    .toArray();
  expect(ids(agg)).toEqual([3, 2, 1]);
});

test('$group keys strings that the collation calls equal into one group, the first value seen as its _id', async () => {
  const coll = await words();
  const grouped = (collation?: { locale: string; strength?: 1 | 2 | 3 }) =>
    coll
      .aggregate<{ _id: string; n: number; ids: number[] }>(
        [
          { $sort: { _id: 1 } },
          { $group: { _id: '$w', n: { $sum: 1 }, ids: { $push: '$_id' } } },
          { $sort: { n: -1, _id: 1 } },
        ],
        collation ? { collation } : {},
      )
      .toArray();
  expect(await grouped(base)).toEqual([
    { _id: 'cafe', n: 3, ids: [1, 2, 3] },
    { _id: 'apple', n: 1, ids: [4] },
    { _id: 'Banana', n: 1, ids: [5] },
  ]);
  expect((await grouped({ locale: 'en', strength: 2 })).map((g) => g.ids)).toEqual([[1, 3], [4], [5], [2]]);
  expect(await grouped()).toHaveLength(5);
  const nested = await coll
    .aggregate([{ $group: { _id: { word: '$w' }, n: { $sum: 1 } } }, { $match: { n: 3 } }], {
      collation: base,
    })
    .toArray();
  expect(nested).toEqual([{ _id: { word: 'cafe' }, n: 3 }]);
});

test('update, delete and findAndModify take a collation', async () => {
  const coll = await words();
  const u = await coll.updateMany({ w: 'cafe' }, { $set: { hit: true } }, { collation: base });
  expect(u.modifiedCount).toBe(3);
  const one = await coll.findOneAndUpdate(
    { w: 'CAFÉ' },
    { $set: { first: true } },
    { collation: { locale: 'en', strength: 2 }, sort: { _id: -1 }, returnDocument: 'after' },
  );
  expect(one?._id).toBe(2);
  const d = await coll.deleteMany({ w: 'APPLE' }, { collation: base });
  expect(d.deletedCount).toBe(1);
  const none = await coll.deleteMany({ w: 'BANANA' });
  expect(none.deletedCount).toBe(0);
  const r = await coll.bulkWrite([{ deleteOne: { filter: { w: 'banana' }, collation: base } }]);
  expect(r.deletedCount).toBe(1);
  expect(await coll.countDocuments()).toBe(3);
});

test('an index keeps its collation, and a query with another collation does not use it', async () => {
  const coll = await words();
  await coll.createIndex({ w: 1 }, { name: 'w_yo', collation: { locale: 'yo', strength: 1 } });
  const ix = (await coll.indexes()).find((i) => i.name === 'w_yo');
  expect(ix?.collation).toMatchObject({ locale: 'yo', strength: 1 });
  const plan = await coll.find({ w: 'cafe' }).explain();
  expect(JSON.stringify(plan.queryPlanner.winningPlan)).not.toContain('w_yo');
  expect(ids(await coll.find({ w: 'cafe' }).toArray())).toEqual([1]);
});

test('an unknown locale is refused with code 2', async () => {
  const coll = await words();
  const err = await errorOf(coll.find({}, { collation: { locale: 'xx_NOPE' } }).toArray());
  expect(err.code).toBe(2);
});

test('a unique index with a Yoruba strength-1 collation refuses case and tone variants of a word', async () => {
  const coll = fresh();
  await coll.createIndex({ w: 1 }, { unique: true, collation: { locale: 'yo', strength: 1 } });
  await coll.insertOne({ _id: 1, w: 'Ọjọ́' });
  const dup = await errorOf(coll.insertOne({ _id: 2, w: 'ọ̀jọ̀' }));
  expect(dup.code).toBe(11000);
  expect(dup.errorResponse).toMatchObject({ keyPattern: { w: 1 } });
  await coll.insertOne({ _id: 3, w: 'ojo' }); // another word in Yoruba's alphabet
  const viaUpdate = await errorOf(coll.updateOne({ _id: 3 }, { $set: { w: 'ỌJỌ' } }));
  expect(viaUpdate.code).toBe(11000);
  const viaUpsert = await errorOf(coll.updateOne({ _id: 4 }, { $set: { w: 'ọjọ' } }, { upsert: true }));
  expect(viaUpsert.code).toBe(11000);
  expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
    { _id: 1, w: 'Ọjọ́' },
    { _id: 3, w: 'ojo' },
  ]);
});

test('building a unique index with a collation fails on existing equal values and leaves no index', async () => {
  const coll = fresh();
  await coll.insertMany([{ w: 'Café' }, { w: 'cafe' }]);
  const err = await errorOf(
    coll.createIndex({ w: 1 }, { unique: true, collation: { locale: 'en', strength: 1 } }),
  );
  expect(err.code).toBe(11000);
  expect((await coll.indexes()).map((i) => i.name)).toEqual(['_id_']);
});

test("a collection's default collation applies to queries and new indexes that name none", async () => {
  const name = `dflt${++seq}`;
  await s.db.createCollection(name, { collation: { locale: 'en', strength: 2 } });
  const coll = s.db.collection(name);
  await coll.insertMany([
    { _id: 1, w: 'Hello' },
    { _id: 2, w: 'hello' },
    { _id: 3, w: 'héllo' },
  ]);
  expect(ids(await coll.find({ w: 'HELLO' }, { sort: { _id: 1 } }).toArray())).toEqual([1, 2]);
  expect(await coll.countDocuments({ w: 'hello' })).toBe(2);
  expect(ids(await coll.find({ w: 'HELLO' }, { collation: { locale: 'simple' } }).toArray())).toEqual([]);
  expect((await coll.deleteMany({ w: 'HÉLLO' })).deletedCount).toBe(1);
  await coll.createIndex({ w: 1 }, { name: 'w_1' });
  const ix = (await coll.indexes()).find((i) => i.name === 'w_1');
  expect(ix?.collation).toMatchObject({ locale: 'en', strength: 2 });
});

test('a collated $group, $lookup and distinct over 20,000 distinct strings take no longer than a few seconds', async () => {
  // each string is placed among the collation's distinct values once (by binary search), not compared with
  // every distinct string seen before it
  const words = fresh();
  const n = 20_000;
  const docs = Array.from({ length: n }, (_, i) => ({ _id: i, w: `${i % 2 ? 'W' : 'w'}ord${i >> 1}` }));
  await words.insertMany(docs);
  const targets = fresh();
  await targets.insertMany(Array.from({ length: n / 2 }, (_, i) => ({ _id: i, w: `WORD${i}` })));
  const collation = { locale: 'en', strength: 2 } as const;
  const started = Date.now();
  const groups = await words
    .aggregate([{ $group: { _id: '$w', n: { $sum: 1 } } }, { $match: { n: 2 } }, { $count: 'pairs' }], {
      collation,
    })
    .toArray();
  expect(groups).toEqual([{ pairs: n / 2 }]);
  const joined = await words
    .aggregate(
      [
        { $lookup: { from: targets.collectionName, localField: 'w', foreignField: 'w', as: 't' } },
        { $match: { 't.0': { $exists: true } } },
        { $count: 'joined' },
      ],
      { collation },
    )
    .toArray();
  expect(joined).toEqual([{ joined: n }]);
  expect(await words.distinct('w', {}, { collation })).toHaveLength(n / 2);
  expect(Date.now() - started).toBeLessThan(15_000);
}, 60_000);

describe('collation inside expressions', () => {
  const collation = { locale: 'en', strength: 1 } as const;

  test('$expr comparisons in find, count and $match follow the collation', async () => {
    const coll = await words();
    const expr = { $expr: { $eq: ['$w', 'CAFE'] } };
    expect(ids(await coll.find(expr, { collation, sort: { _id: 1 } }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await coll.find(expr, { sort: { _id: 1 } }).toArray())).toEqual([3]);
    expect(await coll.countDocuments({ $expr: { $gt: ['$w', 'BANANA'] } }, { collation })).toBe(3);
    const matched = await coll
      .aggregate([{ $match: { $expr: { $in: ['$w', ['APPLE', 'banana']] } } }, { $sort: { _id: 1 } }], {
        collation,
      })
      .toArray();
    expect(ids(matched)).toEqual([4, 5]);
  });

  test('comparison, $in, $indexOfArray, set operators, $max and $min in $project', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, w: 'Café', list: ['APPLE', 'cafe', 'banana'] });
    const [doc] = await coll
      .aggregate(
        [
          {
            $project: {
              eq: { $eq: ['$w', 'CAFE'] },
              ne: { $ne: ['$w', 'cafe'] },
              cmp: { $cmp: ['$w', 'CAFE'] },
              gte: { $gte: ['$w', 'CAFE'] },
              lt: { $lt: ['$w', 'apple'] },
              in: { $in: ['$w', '$list'] },
              at: { $indexOfArray: ['$list', 'CAFE'] },
              same: { $setEquals: ['$list', ['Banana', 'CAFÉ', 'apple']] },
              inter: { $size: { $setIntersection: ['$list', ['CAFE', 'BANANA']] } },
              max: { $max: ['ZEBRA', 'apple', 'zebra'] },
              min: { $min: '$list' },
            },
          },
        ],
        { collation },
      )
      .toArray();
    expect(doc).toEqual({
      _id: 1,
      eq: true,
      ne: false,
      cmp: 0,
      gte: true,
      lt: false,
      in: true,
      at: 1,
      same: true,
      inter: 2,
      max: 'ZEBRA',
      min: 'APPLE',
    });
  });

  test('$lookup pipelines join under the collation, with let and with localField/foreignField', async () => {
    const people = fresh();
    await people.insertMany([
      { _id: 1, city: 'LAGOS' },
      { _id: 2, city: 'abuja' },
    ]);
    const cities = fresh();
    await cities.insertMany([
      { _id: 'a', name: 'Lagos', pop: 15 },
      { _id: 'b', name: 'Abuja', pop: 3 },
      { _id: 'c', name: 'Kano', pop: 4 },
    ]);
    const viaLet = await people
      .aggregate(
        [
          {
            $lookup: {
              from: cities.collectionName,
              let: { c: '$city' },
              pipeline: [{ $match: { $expr: { $eq: ['$name', '$$c'] } } }, { $project: { _id: 1 } }],
              as: 'found',
            },
          },
          { $sort: { _id: 1 } },
        ],
        { collation },
      )
      .toArray();
    expect(viaLet.map((d) => d.found)).toEqual([[{ _id: 'a' }], [{ _id: 'b' }]]);
    const concise = await people
      .aggregate(
        [
          {
            $lookup: {
              from: cities.collectionName,
              localField: 'city',
              foreignField: 'name',
              let: { min: 4 },
              pipeline: [{ $match: { $expr: { $gte: ['$pop', '$$min'] } } }, { $project: { _id: 1 } }],
              as: 'big',
            },
          },
          { $sort: { _id: 1 } },
        ],
        { collation },
      )
      .toArray();
    expect(concise.map((d) => d.big)).toEqual([[{ _id: 'a' }], []]);
  });

  test('$addToSet, $max and $min in $group keep one of the strings the collation calls equal', async () => {
    const coll = await words();
    const [g] = await coll
      .aggregate(
        [
          { $match: { w: 'cafe' } },
          { $group: { _id: null, set: { $addToSet: '$w' }, max: { $max: '$w' }, min: { $min: '$w' } } },
        ],
        { collation },
      )
      .toArray();
    expect(g?.set).toHaveLength(1);
    expect(['cafe', 'Café', 'CAFE']).toContain(g?.max);
    expect(['cafe', 'Café', 'CAFE']).toContain(g?.min);
  });
});
