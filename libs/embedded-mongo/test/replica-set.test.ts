// Started with a replica set name, the server is what a replica-set-aware driver expects of a set's primary:
// `?replicaSet=` connections find it, and the retryable writes the driver then sends run once each.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Long,
  MongoClient,
  type CommandStartedEvent,
  type Document,
  type TopologyDescription,
} from 'mongodb';
import { start, type RunningServer } from '@platform/embedded-mongo';
import { errorOf } from './support/server';

jest.setTimeout(60_000);

let dir: string;
let server: RunningServer;
let client: MongoClient;
/**
 * For commands given a txnNumber by hand: the driver pools server sessions and numbers its own retryable
 * writes on them, so a number set by hand on a session it reuses would be out of step with its count.
 */
let ownSessions: MongoClient;
const started: CommandStartedEvent[] = [];
let topology: TopologyDescription | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'emb-mongo-rs-'));
  server = await start({ port: 0, dbPath: dir, replicaSet: 'rs0' });
  client = new MongoClient(`${server.uri}/?replicaSet=rs0&w=majority`, {
    serverSelectionTimeoutMS: 3000,
    monitorCommands: true,
  });
  client.on('commandStarted', (event) => started.push(event));
  client.on('topologyDescriptionChanged', (event) => (topology = event.newDescription));
  await client.connect();
  ownSessions = new MongoClient(`${server.uri}/?replicaSet=rs0`, { serverSelectionTimeoutMS: 3000 });
});
afterAll(async () => {
  await client?.close();
  await ownSessions?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('hello names the set, this server as its only member and primary, writable', async () => {
  const hello = await client.db('admin').command({ hello: 1 });
  const me = `127.0.0.1:${server.port}`;
  expect(hello).toMatchObject({
    setName: 'rs0',
    setVersion: 1,
    hosts: [me],
    primary: me,
    me,
    isWritablePrimary: true,
    secondary: false,
    logicalSessionTimeoutMinutes: 30,
  });
  expect(hello.electionId).toBeDefined();
  expect(topology?.type).toBe('ReplicaSetWithPrimary');
  expect(topology?.setName).toBe('rs0');
});

test('a client naming another set finds no primary', async () => {
  const other = new MongoClient(`${server.uri}/?replicaSet=rs1`, { serverSelectionTimeoutMS: 500 });
  try {
    await expect(other.connect()).rejects.toMatchObject({ name: 'MongoServerSelectionError' });
  } finally {
    await other.close();
  }
});

test("the driver's writes carry txnNumber (retryable writes) and succeed", async () => {
  const c = client.db('rs').collection<{ _id: string; n: number }>('writes');
  started.length = 0;
  await c.insertOne({ _id: 'a', n: 0 });
  await c.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
  const found = await c.findOneAndUpdate({ _id: 'a' }, { $inc: { n: 1 } }, { returnDocument: 'after' });
  expect(found).toMatchObject({ n: 2 });
  await c.deleteOne({ _id: 'a' });
  const writes = started.filter((e) =>
    ['insert', 'update', 'findAndModify', 'delete'].includes(e.commandName),
  );
  expect(writes.map((e) => e.commandName)).toEqual(['insert', 'update', 'findAndModify', 'delete']);
  for (const write of writes) expect(write.command.txnNumber).toBeDefined();
});

test('a retried write (same session, same txnNumber) is applied once and answered as the first time', async () => {
  const db = ownSessions.db('rs');
  await db.collection<{ _id: string; n: number }>('retry').insertOne({ _id: 'counter', n: 0 });
  const session = ownSessions.startSession();
  try {
    const increment = (txnNumber: number) =>
      db.command(
        {
          update: 'retry',
          updates: [{ q: { _id: 'counter' }, u: { $inc: { n: 1 } } }],
          txnNumber: Long.fromNumber(txnNumber),
        },
        { session },
      );
    const first = await increment(1001);
    const retried = await increment(1001);
    expect(retried).toEqual(first);
    expect(
      await db.collection<{ _id: string; n: number }>('retry').findOne({ _id: 'counter' }),
    ).toMatchObject({ n: 1 });

    expect(await errorOf(increment(1000))).toMatchObject({ code: 225, codeName: 'TransactionTooOld' });
    await increment(1002);
    expect(
      await db.collection<{ _id: string; n: number }>('retry').findOne({ _id: 'counter' }),
    ).toMatchObject({ n: 2 });
  } finally {
    await session.endSession();
  }
});

test('a failed first attempt is not remembered: its retry runs', async () => {
  const db = ownSessions.db('rs');
  const c = client.db('rs').collection<{ _id: number; k: string }>('failed');
  await c.createIndex({ k: 1 }, { unique: true });
  await c.insertOne({ _id: 1, k: 'taken' });
  const session = ownSessions.startSession();
  try {
    const insert = (doc: Document) =>
      db.command({ insert: 'failed', documents: [doc], txnNumber: Long.fromNumber(2001) }, { session });
    // A duplicate key is a write error in an ok reply, as MongoDB gives it: remembered like any reply.
    const duplicate = await insert({ _id: 2, k: 'taken' });
    expect(duplicate.writeErrors?.[0]).toMatchObject({ code: 11000 });
    expect(await insert({ _id: 2, k: 'free' })).toEqual(duplicate);
    // A command that fails outright is not: the next attempt with that txnNumber runs.
    expect(
      await errorOf(
        db.command(
          { insert: 'failed', documents: 'not an array', txnNumber: Long.fromNumber(2002) },
          { session },
        ),
      ),
    ).toMatchObject({ ok: 0 });
    await db.command(
      { insert: 'failed', documents: [{ _id: 3, k: 'new' }], txnNumber: Long.fromNumber(2002) },
      { session },
    );
    expect(await c.countDocuments({ _id: 3 })).toBe(1);
  } finally {
    await session.endSession();
  }
});

test('txnNumber on a command that is not a retryable write, and transactions, are refused', async () => {
  const db = ownSessions.db('rs');
  const session = ownSessions.startSession();
  try {
    expect(
      await errorOf(db.command({ find: 'retry', filter: {}, txnNumber: Long.fromNumber(1) }, { session })),
    ).toMatchObject({ code: 50768 });
    session.startTransaction();
    const err = await errorOf(db.collection<Document>('tx').insertOne({ _id: 1 as never }, { session }));
    expect((err.originalError ?? err) as { code?: number }).toMatchObject({ code: 20 });
    await session.abortTransaction().catch(() => undefined);
  } finally {
    await session.endSession();
  }
  expect(await db.collection('tx').countDocuments()).toBe(0);
});
