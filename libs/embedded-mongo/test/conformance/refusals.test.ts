// Honest limits: what the server does not do it refuses with MongoDB's own codes.
import { Long } from 'mongodb';
import { errorOf, startTestServer, type TestServer } from '../support/server';

jest.setTimeout(30_000);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('refusals');
  await s.db.collection('c').insertOne({ _id: 1, a: 1 });
});
afterAll(async () => {
  await s?.stop();
});

test('an unknown command fails with CommandNotFound (59) naming the command', async () => {
  const err = await errorOf(s.db.command({ frobnicate: 1 }));
  expect(err).toMatchObject({ code: 59, codeName: 'CommandNotFound' });
  expect(err.message).toContain('frobnicate');
});

test('an unknown query operator fails with BadValue (2), at field and top level', async () => {
  const err = await errorOf(
    s.db
      .collection('c')
      .find({ a: { $frobnicate: 1 } })
      .toArray(),
  );
  expect(err).toMatchObject({ code: 2 });
  expect(err.message).toContain('$frobnicate');
  const top = await errorOf(
    s.db
      .collection('c')
      .find({ $frobnicate: [{ a: 1 }] })
      .toArray(),
  );
  expect(top).toMatchObject({ code: 2 });
  // the same filter in a count, a delete and an update is refused as well, and deletes nothing
  expect(await errorOf(s.db.collection('c').countDocuments({ a: { $frobnicate: 1 } }))).toMatchObject({
    code: 2,
  });
  expect(await errorOf(s.db.collection('c').deleteMany({ a: { $frobnicate: 1 } }))).toMatchObject({
    code: 2,
  });
  expect(
    await errorOf(s.db.collection('c').updateMany({ a: { $frobnicate: 1 } }, { $set: { b: 1 } })),
  ).toMatchObject({
    code: 2,
  });
  expect(await s.db.collection('c').find().toArray()).toEqual([{ _id: 1, a: 1 }]);
});

test('a transaction is refused with IllegalOperation (20) on a standalone', async () => {
  const session = s.client.startSession();
  try {
    session.startTransaction();
    const insert = s.db.collection('c').insertOne({ _id: 2, inTxn: true }, { session });
    if (!s.isStandalone) {
      // A replica set or mongos supports transactions, so the standalone refusal cannot be checked there;
      // check the transaction really works instead.
      await insert;
      await session.commitTransaction();
      expect(await s.db.collection('c').countDocuments({ _id: 2 })).toBe(1);
      await s.db.collection('c').deleteOne({ _id: 2 });
      return;
    }
    const err = await errorOf(insert);
    // The driver wraps a write's code-20 reply in its own "does not support retryable writes" error and
    // keeps the server's reply as originalError (it does the same with a real standalone mongod).
    const serverError = (err.originalError ?? err) as Error & { code?: number };
    expect(serverError).toMatchObject({ code: 20 });
    expect(serverError.message).toMatch(
      /Transaction numbers are only allowed on a replica set member or mongos/,
    );
    await session.abortTransaction().catch(() => undefined);
  } finally {
    await session.endSession();
  }
  expect(await s.db.collection('c').countDocuments({ _id: 2 })).toBe(0);
});

test('a command carrying txnNumber is refused with 20 on a standalone', async () => {
  if (!s.isStandalone) {
    console.info(
      'skipping the txnNumber refusal: the server is a replica set member or mongos, which accepts it',
    );
    return;
  }
  const session = s.client.startSession();
  try {
    const err = await errorOf(
      s.db.command({ insert: 'c', documents: [{ _id: 3 }], txnNumber: Long.fromNumber(1) }, { session }),
    );
    expect(err).toMatchObject({ code: 20 });
  } finally {
    await session.endSession();
  }
  expect(await s.db.collection('c').countDocuments({ _id: 3 })).toBe(0);
});

test('a change stream is refused with 40573 on a standalone', async () => {
  if (!s.isStandalone) {
    console.info(
      'skipping the change stream refusal: the server is a replica set member or mongos, which supports it',
    );
    return;
  }
  const stream = s.db.collection('c').watch();
  try {
    const err = await errorOf(stream.tryNext());
    expect(err).toMatchObject({ code: 40573 });
  } finally {
    await stream.close();
  }
  const raw = await errorOf(s.db.command({ aggregate: 'c', pipeline: [{ $changeStream: {} }], cursor: {} }));
  expect(raw).toMatchObject({ code: 40573 });
});

// Features outside what the platform uses: the embedded server may refuse them, but it must not quietly answer
// something different from MongoDB. Each test accepts either MongoDB's answer or a server error.
describe('never a silently different answer', () => {
  /** Resolves to the value, or to the server error when the server refused. */
  async function answerOrRefusal<T>(
    operation: Promise<T>,
  ): Promise<{ value?: T; refused?: Error & { code?: number } }> {
    try {
      return { value: await operation };
    } catch (error) {
      return { refused: error as Error & { code?: number } };
    }
  }

  test('MongoClient.bulkWrite inserts, or the bulkWrite command is refused with code 59', async () => {
    const coll = s.db.collection('client_bulk');
    const out = await answerOrRefusal(
      s.client.bulkWrite([
        { name: 'insertOne', namespace: `${s.dbName}.client_bulk`, document: { _id: 1 as never } },
      ]),
    );
    if (out.refused) {
      expect((out.refused as Error & { cause?: { code?: number } }).cause?.code).toBe(59);
      expect(await coll.countDocuments()).toBe(0);
    } else expect(await coll.find().toArray()).toEqual([{ _id: 1 }]);
  });

  test('a case-insensitive collation finds the document, or the query is refused', async () => {
    const coll = s.db.collection('collation');
    await coll.insertMany([
      { _id: 1, name: 'Ada' },
      { _id: 2, name: 'bob' },
    ]);
    const out = await answerOrRefusal(
      coll.find({ name: 'ADA' }, { collation: { locale: 'en', strength: 2 } }).toArray(),
    );
    if (out.refused) expect(typeof out.refused.code).toBe('number');
    else expect(out.value?.map((d) => d._id)).toEqual([1]);
  });

  test('a text index and $text search find the matching documents, or are refused', async () => {
    const coll = s.db.collection('text');
    await coll.insertMany([
      { _id: 1, body: 'hello world' },
      { _id: 2, body: 'goodbye moon' },
    ]);
    const index = await answerOrRefusal(coll.createIndex({ body: 'text' }));
    if (index.refused) {
      expect(typeof index.refused.code).toBe('number');
      return;
    }
    const out = await answerOrRefusal(coll.find({ $text: { $search: 'hello' } }).toArray());
    if (out.refused) expect(typeof out.refused.code).toBe('number');
    else expect(out.value?.map((d) => d._id)).toEqual([1]);
  });

  test('$text without a text index fails (MongoDB: 27 IndexNotFound)', async () => {
    const coll = s.db.collection('no_text_index');
    await coll.insertOne({ body: 'hello' });
    const err = await errorOf(coll.find({ $text: { $search: 'hello' } }).toArray());
    expect(typeof err.code).toBe('number');
  });

  test('a 2dsphere query answers like MongoDB, or is refused', async () => {
    const coll = s.db.collection('geo');
    await coll.insertMany([
      { _id: 'near', loc: { type: 'Point', coordinates: [3.38, 6.52] } },
      { _id: 'far', loc: { type: 'Point', coordinates: [36.8, -1.29] } },
    ]);
    const index = await answerOrRefusal(coll.createIndex({ loc: '2dsphere' }));
    if (index.refused) {
      expect(typeof index.refused.code).toBe('number');
      return;
    }
    const out = await answerOrRefusal(
      coll
        .find({
          loc: { $geoWithin: { $centerSphere: [[3.4, 6.5], 100 / 6378.1] } },
        })
        .toArray(),
    );
    if (out.refused) expect(typeof out.refused.code).toBe('number');
    else expect(out.value?.map((d) => d._id)).toEqual(['near']);
  });
});
