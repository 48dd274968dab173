// `sort` on updateOne and replaceOne (MongoDB 8): of the matching documents, the first in that order is the one
// changed, whether sent alone or inside bulkWrite.
import { startTestServer, errorOf, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer('usort');
});
afterAll(async () => {
  await s?.stop();
});

async function tasks() {
  const coll = s.db.collection(`t${++seq}`);
  await coll.insertMany([
    { _id: 1, state: 'open', prio: 5, at: 3 },
    { _id: 2, state: 'open', prio: 9, at: 1 },
    { _id: 3, state: 'open', prio: 1, at: 2 },
    { _id: 4, state: 'done', prio: 99, at: 0 },
  ]);
  return coll;
}

const states = async (coll: Awaited<ReturnType<typeof tasks>>) =>
  (await coll.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d.state);

test('updateOne changes the first matching document in sort order', async () => {
  const coll = await tasks();
  const r = await coll.updateOne({ state: 'open' }, { $set: { state: 'taken' } }, { sort: { prio: -1 } });
  expect(r.matchedCount).toBe(1);
  expect(r.modifiedCount).toBe(1);
  expect(await states(coll)).toEqual(['open', 'taken', 'open', 'done']);
  await coll.updateOne({ state: 'open' }, { $set: { state: 'taken' } }, { sort: { at: -1 } });
  expect(await states(coll)).toEqual(['taken', 'taken', 'open', 'done']);
});

test('a compound sort breaks ties in order, and a pipeline update follows the sort too', async () => {
  const coll = s.db.collection(`t${++seq}`);
  await coll.insertMany([
    { _id: 1, g: 'a', n: 2 },
    { _id: 2, g: 'b', n: 1 },
    { _id: 3, g: 'b', n: 3 },
  ]);
  await coll.updateOne({}, [{ $set: { hit: { $add: ['$n', 10] } } }], { sort: { g: -1, n: -1 } });
  expect(await coll.find({ hit: { $exists: true } }).toArray()).toEqual([{ _id: 3, g: 'b', n: 3, hit: 13 }]);
});

test('replaceOne replaces the first matching document in sort order', async () => {
  const coll = await tasks();
  const r = await coll.replaceOne({ state: 'open' }, { state: 'replaced' }, { sort: { prio: 1 } });
  expect(r.modifiedCount).toBe(1);
  expect(await coll.findOne({ _id: 3 })).toEqual({ _id: 3, state: 'replaced' });
  expect(await coll.countDocuments({ state: 'open' })).toBe(2);
});

test('with sort and no match, upsert inserts', async () => {
  const coll = await tasks();
  const r = await coll.updateOne(
    { state: 'missing' },
    { $set: { prio: 0 } },
    { sort: { prio: -1 }, upsert: true },
  );
  expect(r.upsertedCount).toBe(1);
  expect(await coll.findOne({ _id: r.upsertedId! })).toEqual({
    _id: r.upsertedId,
    state: 'missing',
    prio: 0,
  });
});

test('bulkWrite updateOne and replaceOne honour their sort', async () => {
  const coll = await tasks();
  const r = await coll.bulkWrite([
    { updateOne: { filter: { state: 'open' }, update: { $inc: { prio: 100 } }, sort: { at: 1 } } },
    { replaceOne: { filter: { state: 'open' }, replacement: { state: 'r' }, sort: { prio: 1 } } },
  ]);
  expect(r.matchedCount).toBe(2);
  expect(r.modifiedCount).toBe(2);
  expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
    { _id: 1, state: 'open', prio: 5, at: 3 },
    { _id: 2, state: 'open', prio: 109, at: 1 },
    { _id: 3, state: 'r' },
    { _id: 4, state: 'done', prio: 99, at: 0 },
  ]);
});

test('sort with multi: true is refused for the whole command (code 9) and nothing changes', async () => {
  const coll = await tasks();
  const err = await errorOf(
    s.db.command({
      update: coll.collectionName,
      updates: [
        { q: { _id: 4 }, u: { $set: { state: 'x' } } },
        { q: {}, u: { $set: { state: 'y' } }, multi: true, sort: { prio: 1 } },
      ],
    }),
  );
  expect(err.code).toBe(9);
  expect(err.message).toContain('Cannot specify sort with multi=true');
  expect(await states(coll)).toEqual(['open', 'open', 'open', 'done']);
});
