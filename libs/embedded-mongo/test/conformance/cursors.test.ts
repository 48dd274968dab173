// Cursor paging across getMore, killCursors, and abandoned cursors timing out.
import { Long } from 'mongodb';
import { errorOf, isRealMongo, recordCommands, startTestServer, type TestServer } from '../support/server';

jest.setTimeout(60_000);

let s: TestServer;
let commands: ReturnType<typeof recordCommands>;
beforeAll(async () => {
  s = await startTestServer('cursors', { client: { monitorCommands: true } });
  commands = recordCommands(s.client);
  const docs = Array.from({ length: 1000 }, (_, i) => ({ _id: i, n: i, even: i % 2 === 0 }));
  await s.db.collection('thousand').insertMany(docs);
});
afterAll(async () => {
  await s?.stop();
});

const thousand = () => s.db.collection<{ _id: number; n: number; even: boolean }>('thousand');

test('1000 documents with batchSize 7 arrive in order across getMore batches of at most 7', async () => {
  commands.clear();
  const seen: number[] = [];
  for await (const doc of thousand().find({}).sort({ n: 1 }).batchSize(7)) seen.push(doc.n);
  expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  const getMores = commands.named('getMore');
  // 7 in the first batch, then 142 full or final batches (a server may need one more empty getMore)
  expect(getMores.length).toBeGreaterThanOrEqual(142);
  expect(getMores.length).toBeLessThanOrEqual(143);
  const batches = commands.succeeded
    .filter((e) => e.commandName === 'find' || e.commandName === 'getMore')
    .map((e) => (e.reply.cursor.firstBatch ?? e.reply.cursor.nextBatch).length as number);
  expect(Math.max(...batches)).toBeLessThanOrEqual(7);
  expect(batches.reduce((a, b) => a + b, 0)).toBe(1000);
  // the last reply closes the cursor
  const last = commands.succeeded.filter((e) => e.commandName === 'getMore').at(-1);
  expect(Number(last?.reply.cursor.id)).toBe(0);
});

test('a filtered, sorted, skipped and limited cursor pages correctly', async () => {
  const got = await thousand()
    .find({ even: true, n: { $gte: 100 } })
    .sort({ n: -1 })
    .skip(10)
    .limit(50)
    .batchSize(8)
    .toArray();
  expect(got.map((d) => d.n)).toEqual(Array.from({ length: 50 }, (_, i) => 998 - 20 - i * 2));
});

// Raw cursor commands share one explicit session: a real mongod refuses a getMore from another session.
test('getMore replies have the shape { cursor: { id, ns, nextBatch } }', async () => {
  const session = s.client.startSession();
  const first = await s.db.command(
    { find: 'thousand', filter: {}, sort: { _id: 1 }, batchSize: 3 },
    { session },
  );
  expect(first.cursor.firstBatch.map((d: { _id: number }) => d._id)).toEqual([0, 1, 2]);
  const id = first.cursor.id as Long;
  expect(Number(id)).not.toBe(0);
  const more = await s.db.command({ getMore: id, collection: 'thousand', batchSize: 4 }, { session });
  expect(more.ok).toBe(1);
  expect(more.cursor.ns).toBe(`${s.dbName}.thousand`);
  expect(more.cursor.nextBatch.map((d: { _id: number }) => d._id)).toEqual([3, 4, 5, 6]);
  expect(String(more.cursor.id)).toBe(String(id));
  await s.db.command({ killCursors: 'thousand', cursors: [id] }, { session });
  await session.endSession();
});

test('killCursors reports the killed cursor and a later getMore fails with CursorNotFound (43)', async () => {
  const session = s.client.startSession();
  const first = await s.db.command({ find: 'thousand', filter: {}, batchSize: 5 }, { session });
  const id = first.cursor.id as Long;
  const reply = await s.db.command({ killCursors: 'thousand', cursors: [id] }, { session });
  expect(reply.ok).toBe(1);
  expect(reply.cursorsKilled.map(String)).toEqual([String(id)]);
  expect(reply.cursorsNotFound).toEqual([]);
  const err = await errorOf(s.db.command({ getMore: id, collection: 'thousand' }, { session }));
  expect(err).toMatchObject({ code: 43 });
  await session.endSession();
  // killing an unknown cursor is not an error, it is reported as not found
  const again = await s.db.command({ killCursors: 'thousand', cursors: [Long.fromNumber(123456789)] });
  expect(again.cursorsNotFound.map(String)).toEqual(['123456789']);
});

test('closing a driver cursor early sends killCursors', async () => {
  commands.clear();
  const session = s.client.startSession();
  const cursor = thousand().find({}, { session }).batchSize(5);
  await cursor.next();
  const id = cursor.id;
  expect(id && Number(id)).toBeGreaterThan(0);
  await cursor.close();
  const kills = commands.named('killCursors');
  expect(kills).toHaveLength(1);
  expect(kills[0]?.command.cursors.map(String)).toEqual([String(id)]);
  const err = await errorOf(s.db.command({ getMore: id, collection: 'thousand' }, { session }));
  expect(err).toMatchObject({ code: 43 });
  await session.endSession();
});

// A real mongod times cursors out after cursorTimeoutMillis (10 minutes, a server parameter, and cursors
// bound to sessions follow the session's lifetime), so this test needs the embedded server's option.
(isRealMongo ? test.skip : test)(
  'embedded only: an abandoned cursor times out and getMore then fails with 43',
  async () => {
    const short = await startTestServer('cursor_timeout', { embedded: { cursorTimeoutMs: 1500 } });
    try {
      await short.db.collection('c').insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
      const session = short.client.startSession();
      const first = await short.db.command({ find: 'c', filter: {}, batchSize: 2 }, { session });
      const id = first.cursor.id as Long;
      expect(Number(id)).not.toBe(0);
      // a cursor in use does not time out
      await new Promise((r) => setTimeout(r, 500));
      await short.db.command({ getMore: id, collection: 'c', batchSize: 2 }, { session });
      await new Promise((r) => setTimeout(r, 500));
      await short.db.command({ getMore: id, collection: 'c', batchSize: 2 }, { session });
      // abandoned for well over the timeout
      await new Promise((r) => setTimeout(r, 4500));
      const err = await errorOf(short.db.command({ getMore: id, collection: 'c' }, { session }));
      expect(err).toMatchObject({ code: 43 });
    } finally {
      await short.stop();
    }
  },
);
