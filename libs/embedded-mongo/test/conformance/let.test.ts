// `let` variables on find, aggregate, update, delete, findAndModify and bulkWrite: `$$name` resolves in $expr
// filters and in pipelines; an undefined variable fails with code 17276.
import { startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('let');
});
afterAll(async () => {
  await s?.stop();
});

async function people() {
  const coll = s.db.collection(`p${++seq}`);
  await coll.insertMany([
    { _id: 1, name: 'Ade', age: 30 },
    { _id: 2, name: 'Bola', age: 41 },
    { _id: 3, name: 'Chidi', age: 25 },
  ]);
  return coll;
}

const byId = { $expr: { $eq: ['$_id', '$$id'] } };

test('find resolves let variables in $expr', async () => {
  const coll = await people();
  const docs = await coll
    .find({ $expr: { $gte: ['$age', '$$min'] } }, { let: { min: 30 }, sort: { _id: 1 } })
    .toArray();
  expect(docs.map((d) => d._id)).toEqual([1, 2]);
  const one = await coll.findOne(byId, { let: { id: 3 } });
  expect(one).toEqual({ _id: 3, name: 'Chidi', age: 25 });
  const projected = await coll.findOne(byId, {
    let: { id: 2, unit: 'years' },
    projection: { _id: 0, age: { $concat: [{ $toString: '$age' }, ' ', '$$unit'] } },
  });
  expect(projected).toEqual({ age: '41 years' });
});

test('findOneAndUpdate projects its result with let variables', async () => {
  const coll = await people();
  const r = await coll.findOneAndUpdate(
    byId,
    { $inc: { age: 1 } },
    {
      let: { id: 1, label: 'next' },
      projection: { _id: 0, tag: '$$label', age: 1 },
      returnDocument: 'after',
    },
  );
  expect(r).toEqual({ age: 31, tag: 'next' });
});

test('aggregate resolves let variables in $match and later stages', async () => {
  const coll = await people();
  const out = await coll
    .aggregate(
      [
        { $match: { $expr: { $lt: ['$age', '$$limit'] } } },
        { $project: { _id: 1, greeting: { $concat: ['$$hello', ' ', '$name'] } } },
        { $sort: { _id: 1 } },
      ],
      { let: { limit: 35, hello: 'Ẹ kú àárọ̀' } },
    )
    .toArray();
  expect(out).toEqual([
    { _id: 1, greeting: 'Ẹ kú àárọ̀ Ade' },
    { _id: 3, greeting: 'Ẹ kú àárọ̀ Chidi' },
  ]);
});

test('let values are expressions evaluated once, and $literal keeps a dollar string', async () => {
  const coll = await people();
  const r = await coll.updateOne(byId, [{ $set: { x: '$$x', y: '$$y', z: '$$z' } }], {
    let: { id: 1, x: 'foo', y: { $literal: '$bar' }, z: { $add: [1, 2] } },
  });
  expect(r.matchedCount).toBe(1);
  expect(r.modifiedCount).toBe(1);
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, name: 'Ade', age: 30, x: 'foo', y: '$bar', z: 3 });
});

test('updateMany and replaceOne use let in the filter', async () => {
  const coll = await people();
  const many = await coll.updateMany(
    { $expr: { $gt: ['$age', '$$age'] } },
    { $set: { senior: true } },
    { let: { age: 26 } },
  );
  expect(many.modifiedCount).toBe(2);
  const rep = await coll.replaceOne(byId, { name: 'Chidi', age: 26 }, { let: { id: 3 } });
  expect(rep.modifiedCount).toBe(1);
  expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
    { _id: 1, name: 'Ade', age: 30, senior: true },
    { _id: 2, name: 'Bola', age: 41, senior: true },
    { _id: 3, name: 'Chidi', age: 26 },
  ]);
});

test('deleteOne and deleteMany use let in the filter', async () => {
  const coll = await people();
  expect((await coll.deleteOne(byId, { let: { id: 2 } })).deletedCount).toBe(1);
  const many = await coll.deleteMany({ $expr: { $lt: ['$age', '$$age'] } }, { let: { age: 100 } });
  expect(many.deletedCount).toBe(2);
  expect(await coll.countDocuments()).toBe(0);
});

test('findOneAndUpdate, findOneAndReplace and findOneAndDelete use let', async () => {
  const coll = await people();
  const updated = await coll.findOneAndUpdate(byId, [{ $set: { tag: '$$tag' } }], {
    let: { id: 1, tag: 'first' },
    returnDocument: 'after',
  });
  expect(updated).toEqual({ _id: 1, name: 'Ade', age: 30, tag: 'first' });
  const replaced = await coll.findOneAndReplace(
    byId,
    { name: 'Bola' },
    { let: { id: 2 }, returnDocument: 'after' },
  );
  expect(replaced).toEqual({ _id: 2, name: 'Bola' });
  const deleted = await coll.findOneAndDelete(byId, { let: { id: 3 } });
  expect(deleted?._id).toBe(3);
  expect(await coll.countDocuments()).toBe(2);
});

test('bulkWrite passes let to its update, replace and delete statements', async () => {
  const coll = await people();
  const r = await coll.bulkWrite(
    [
      { updateOne: { filter: byId, update: [{ $set: { x: '$$x' } }] } },
      { updateMany: { filter: { $expr: { $gt: ['$age', '$$old'] } }, update: { $set: { old: true } } } },
      { replaceOne: { filter: { $expr: { $eq: ['$_id', '$$other'] } }, replacement: { name: 'B' } } },
      { deleteOne: { filter: { $expr: { $eq: ['$_id', '$$gone'] } } } },
    ],
    { let: { id: 1, x: 'bar', old: 35, other: 2, gone: 3 } },
  );
  expect(r.matchedCount).toBe(3);
  expect(r.deletedCount).toBe(1);
  expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
    { _id: 1, name: 'Ade', age: 30, x: 'bar' },
    { _id: 2, name: 'B' },
  ]);
});

test('an undefined variable fails with code 17276 and changes nothing', async () => {
  const coll = await people();
  const expectUndefined = (err: Error & { code?: number }, name: string) => {
    expect(err.code).toBe(17276);
    expect(err.message).toContain(`Use of undefined variable: ${name}`);
  };
  expectUndefined(await errorOf(coll.find({ $expr: { $eq: ['$_id', '$$nope'] } }).toArray()), 'nope');
  expectUndefined(
    await errorOf(coll.aggregate([{ $project: { v: '$$missing' } }], { let: { other: 1 } }).toArray()),
    'missing',
  );
  expectUndefined(await errorOf(coll.updateOne({}, [{ $set: { v: '$$absent' } }])), 'absent');
  expectUndefined(await errorOf(coll.deleteMany({ $expr: { $eq: ['$age', '$$age'] } })), 'age');
  expectUndefined(
    await errorOf(coll.findOneAndUpdate({ $expr: { $eq: ['$_id', '$$who'] } }, { $set: { v: 1 } })),
    'who',
  );
  expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
    { _id: 1, name: 'Ade', age: 30 },
    { _id: 2, name: 'Bola', age: 41 },
    { _id: 3, name: 'Chidi', age: 25 },
  ]);
});

test('let cannot redefine a system variable', async () => {
  const coll = await people();
  const err = await errorOf(coll.find({}, { let: { ROOT: 1 } }).toArray());
  expect(err.code).toBe(16867);
});

test('an undefined variable is reported even when no document is read', async () => {
  const empty = s.db.collection(`empty${++seq}`);
  expect((await errorOf(empty.find({ $expr: { $eq: ['$a', '$$nope'] } }).toArray())).code).toBe(17276);
  expect((await errorOf(empty.aggregate([{ $set: { v: '$$nope' } }]).toArray())).code).toBe(17276);
  expect((await errorOf(empty.deleteOne({ $expr: { $eq: ['$a', '$$nope'] } }))).code).toBe(17276);
  // locally bound names and strings outside $expr are not variables
  const coll = await people();
  const out = await coll
    .aggregate([
      { $match: { name: '$$literal' } },
      { $project: { v: { $map: { input: [1, 2], as: 'x', in: { $add: ['$$x', 1] } } } } },
    ])
    .toArray();
  expect(out).toEqual([]);
  const mapped = await coll
    .aggregate(
      [
        { $match: { _id: 1 } },
        { $project: { _id: 0, v: { $map: { input: [1, 2], as: 'x', in: { $add: ['$$x', '$$k'] } } } } },
      ],
      { let: { k: 10 } },
    )
    .toArray();
  expect(mapped).toEqual([{ v: [11, 12] }]);
});
