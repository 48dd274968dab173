// The programmatic API as tests and tools use it: start, stop, restart on the same folder, clear failures.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { start } from '@platform/embedded-mongo';
import { errorOf } from './support/server';

jest.setTimeout(60_000);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'emb-mongo-api-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('start on port 0 reports the chosen port in uri and port; stop closes it; data survives a restart', async () => {
  const dbPath = path.join(dir, 'restart');
  const first = await start({ port: 0, dbPath });
  expect(first.port).toBeGreaterThan(0);
  expect(first.uri.startsWith(`mongodb://127.0.0.1:${first.port}`)).toBe(true);
  const client = new MongoClient(first.uri, { serverSelectionTimeoutMS: 2000 });
  await client
    .db('api')
    .collection('c')
    .insertOne({ _id: 'kept' as never, v: 1 });
  await client.db('api').collection('c').createIndex({ v: 1 }, { unique: true });
  await client.close();
  await first.stop();

  const probe = new MongoClient(first.uri, { serverSelectionTimeoutMS: 500 });
  await expect(probe.connect()).rejects.toBeInstanceOf(Error);
  await probe.close();

  const second = await start({ port: 0, dbPath });
  const again = new MongoClient(second.uri, { serverSelectionTimeoutMS: 2000 });
  try {
    expect(await again.db('api').collection('c').findOne({})).toEqual({ _id: 'kept', v: 1 });
    expect(await errorOf(again.db('api').collection('c').insertOne({ v: 1 }))).toMatchObject({ code: 11000 });
  } finally {
    await again.close();
    await second.stop();
  }
});

test('a data folder whose name contains a dot (mktemp -d, db.v2) works, existing or not', async () => {
  for (const name of ['existing.v2', 'fresh.v2']) {
    const dbPath = path.join(dir, name);
    if (name.startsWith('existing')) await mkdir(dbPath);
    const server = await start({ port: 0, dbPath });
    const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 2000 });
    try {
      await client.db('dot').collection('c').insertOne({ a: 1 });
      expect(await client.db('dot').collection('c').countDocuments()).toBe(1);
    } finally {
      await client.close();
      await server.stop();
    }
  }
});

test('stop() ends open client connections instead of waiting for them', async () => {
  const server = await start({ port: 0, dbPath: path.join(dir, 'open-clients') });
  const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 1000, retryReads: false });
  await client.db('x').command({ ping: 1 });
  const stopped = Date.now();
  await server.stop();
  expect(Date.now() - stopped).toBeLessThan(5000);
  await expect(client.db('x').command({ ping: 1 })).rejects.toBeInstanceOf(Error);
  await client.close();
});

test('a port in use makes start() reject with an error naming the port', async () => {
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as { port: number }).port;
  try {
    const err = await errorOf(start({ port, dbPath: path.join(dir, 'busy') }));
    expect(err.message).toContain(String(port));
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test('a data folder that cannot be created makes start() reject with an error naming it', async () => {
  const file = path.join(dir, 'plain-file');
  await writeFile(file, 'x');
  const err = await errorOf(start({ port: 0, dbPath: path.join(file, 'db') }));
  expect(err.message).toContain(file);
});
