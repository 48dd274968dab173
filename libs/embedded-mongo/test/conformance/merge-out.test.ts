// $out and $merge into collections of the same database, and database-level aggregate with $documents.
import { startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('mergeout');
});
afterAll(async () => {
  await s?.stop();
});

const fresh = (p = 'c') => s.db.collection(`${p}${++seq}`);

async function sales() {
  const coll = fresh('sales');
  await coll.insertMany([
    { _id: 1, lang: 'yo', n: 3 },
    { _id: 2, lang: 'ha', n: 5 },
    { _id: 3, lang: 'yo', n: 4 },
    { _id: 4, lang: 'ig', n: 1 },
  ]);
  return coll;
}
const totals = [{ $group: { _id: '$lang', total: { $sum: '$n' } } }];
const all = (c: ReturnType<typeof fresh>) => c.find({}, { sort: { _id: 1 } }).toArray();

describe('$out', () => {
  test('replaces the target collection, keeps its indexes, and returns no documents', async () => {
    const src = await sales();
    const out = fresh('out');
    await out.insertOne({ _id: 'stale' });
    await out.createIndex({ total: 1 }, { name: 'by_total' });
    const returned = await src.aggregate([...totals, { $out: out.collectionName }]).toArray();
    expect(returned).toEqual([]);
    expect(await all(out)).toEqual([
      { _id: 'ha', total: 5 },
      { _id: 'ig', total: 1 },
      { _id: 'yo', total: 7 },
    ]);
    expect((await out.indexes()).map((i) => i.name).sort()).toEqual(['_id_', 'by_total']);
  });

  test('accepts { db, coll } and can overwrite its own source', async () => {
    const src = await sales();
    await src
      .aggregate([{ $match: { lang: 'yo' } }, { $out: { db: s.dbName, coll: src.collectionName } }])
      .toArray();
    expect((await all(src)).map((d) => d._id)).toEqual([1, 3]);
  });

  test('a duplicate key leaves the target as it was', async () => {
    const src = await sales();
    const out = fresh('out');
    await out.insertOne({ _id: 'keep', total: 0 });
    await out.createIndex({ total: 1 }, { unique: true });
    const err = await errorOf(
      src
        .aggregate([{ $project: { _id: 0, total: { $literal: 1 } } }, { $out: out.collectionName }])
        .toArray(),
    );
    expect(err.code).toBe(11000);
    expect(await all(out)).toEqual([{ _id: 'keep', total: 0 }]);
  });

  test('must be the last stage', async () => {
    const src = await sales();
    const err = await errorOf(src.aggregate([{ $out: 'x' }, { $match: {} }]).toArray());
    expect(err.code).toBe(40601);
  });
});

describe('$merge', () => {
  test('defaults: matched on _id, merged into the existing document, inserted when new', async () => {
    const src = await sales();
    const target = fresh('t');
    await target.insertMany([
      { _id: 'yo', total: 0, label: 'Yorùbá' },
      { _id: 'en', total: 9 },
    ]);
    expect(await src.aggregate([...totals, { $merge: target.collectionName }]).toArray()).toEqual([]);
    expect(await all(target)).toEqual([
      { _id: 'en', total: 9 },
      { _id: 'ha', total: 5 },
      { _id: 'ig', total: 1 },
      { _id: 'yo', total: 7, label: 'Yorùbá' },
    ]);
  });

  test('whenMatched replace / keepExisting and whenNotMatched discard', async () => {
    const src = await sales();
    const replaced = fresh('t');
    await replaced.insertOne({ _id: 'yo', total: 0, label: 'x' });
    await src
      .aggregate([
        ...totals,
        { $merge: { into: replaced.collectionName, whenMatched: 'replace', whenNotMatched: 'discard' } },
      ])
      .toArray();
    expect(await all(replaced)).toEqual([{ _id: 'yo', total: 7 }]);
    const kept = fresh('t');
    await kept.insertOne({ _id: 'yo', total: 0 });
    await src
      .aggregate([...totals, { $merge: { into: kept.collectionName, whenMatched: 'keepExisting' } }])
      .toArray();
    expect(await all(kept)).toEqual([
      { _id: 'ha', total: 5 },
      { _id: 'ig', total: 1 },
      { _id: 'yo', total: 0 },
    ]);
  });

  test('whenMatched fail is a duplicate key error; whenNotMatched fail is code 13113', async () => {
    const src = await sales();
    const target = fresh('t');
    await target.insertOne({ _id: 'yo', total: 0 });
    const dup = await errorOf(
      src
        .aggregate([
          ...totals,
          { $sort: { _id: -1 } },
          { $merge: { into: target.collectionName, whenMatched: 'fail' } },
        ])
        .toArray(),
    );
    expect(dup.code).toBe(11000);
    expect(await target.findOne({ _id: 'yo' })).toEqual({ _id: 'yo', total: 0 });
    const missing = await errorOf(
      src
        .aggregate([...totals, { $merge: { into: fresh('t').collectionName, whenNotMatched: 'fail' } }])
        .toArray(),
    );
    expect(missing.code).toBe(13113);
  });

  test('a whenMatched pipeline sees the incoming document as $$new and let variables', async () => {
    const src = await sales();
    const target = fresh('t');
    await target.insertMany([
      { _id: 'yo', total: 10, runs: 1 },
      { _id: 'ha', total: 1, runs: 4 },
    ]);
    await src
      .aggregate([
        ...totals,
        {
          $merge: {
            into: target.collectionName,
            whenMatched: [
              { $set: { total: { $add: ['$total', '$$new.total'] }, runs: { $add: ['$runs', '$$one'] } } },
            ],
            whenNotMatched: 'discard',
            let: { new: '$$ROOT', one: 1 },
          },
        },
      ])
      .toArray();
    expect(await all(target)).toEqual([
      { _id: 'ha', total: 6, runs: 5 },
      { _id: 'yo', total: 17, runs: 2 },
    ]);
  });

  test('on other fields needs a unique index on them (code 51183), then matches on them', async () => {
    const src = await sales();
    const target = fresh('t');
    await target.insertOne({ _id: 100, lang: 'yo', total: 0 });
    const pipeline = [
      { $group: { _id: '$lang', total: { $sum: '$n' } } },
      { $project: { _id: 0, lang: '$_id', total: 1 } },
      { $merge: { into: target.collectionName, on: 'lang' } },
    ];
    expect((await errorOf(src.aggregate(pipeline).toArray())).code).toBe(51183);
    await target.createIndex({ lang: 1 }, { unique: true });
    await src.aggregate(pipeline).toArray();
    const docs = await target.find({}, { sort: { lang: 1 }, projection: { _id: 0 } }).toArray();
    expect(docs).toEqual([
      { lang: 'ha', total: 5 },
      { lang: 'ig', total: 1 },
      { lang: 'yo', total: 7 },
    ]);
    expect(await target.findOne({ lang: 'yo' })).toMatchObject({ _id: 100 });
  });

  test('into the collection it reads from', async () => {
    const src = await sales();
    await src
      .aggregate([{ $match: { lang: 'yo' } }, { $set: { seen: true } }, { $merge: src.collectionName }])
      .toArray();
    expect(await src.countDocuments({ seen: true })).toBe(2);
    expect(await src.countDocuments()).toBe(4);
  });

  test('must be the last stage, and unknown options are refused', async () => {
    const src = await sales();
    expect((await errorOf(src.aggregate([{ $merge: 'x' }, { $match: {} }]).toArray())).code).toBe(40601);
    expect(
      (await errorOf(src.aggregate([{ $merge: { into: 'x', whenMatched: 'nope' } }]).toArray())).code,
    ).toBeDefined();
  });
});

describe('database-level aggregate', () => {
  test('$documents produces the pipeline input, and later stages run on it', async () => {
    const out = await s.db
      .aggregate([
        {
          $documents: [
            { w: 'Ọjọ́', n: 2 },
            { w: 'ilé', n: 1 },
            { w: 'omi', n: 3 },
          ],
        },
        { $match: { n: { $gte: 2 } } },
        { $sort: { n: 1 } },
        { $project: { _id: 0, w: 1 } },
      ])
      .toArray();
    expect(out).toEqual([{ w: 'Ọjọ́' }, { w: 'omi' }]);
  });

  test('$documents evaluates expressions and let variables, and can feed $out', async () => {
    const target = fresh('docs');
    await s.db
      .aggregate([{ $documents: [{ _id: 1, v: { $add: [1, '$$two'] } }] }, { $out: target.collectionName }], {
        let: { two: 2 },
      })
      .toArray();
    expect(await all(target)).toEqual([{ _id: 1, v: 3 }]);
  });

  test('a stage that needs a collection is refused with code 73', async () => {
    const err = await errorOf(s.db.aggregate([{ $match: {} }]).toArray());
    expect(err.code).toBe(73);
    expect(err.message).toContain('a collection is required');
  });
});
