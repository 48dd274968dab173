// What reaches the server's socket from something that is not a well-behaved driver: a malformed message
// closes that one connection with an error in the log while every other client keeps working; and binding
// to an address other machines can reach prints a warning, since the server has no authentication.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'bson';
import { MongoClient } from 'mongodb';
import { start, type RunningServer } from '@platform/embedded-mongo';
import { exposureWarning, isLoopbackHost } from '../src/server';
import { errorOf } from './support/server';

jest.setTimeout(60_000);

let dir: string;
let server: RunningServer;
let client: MongoClient;
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'emb-mongo-malformed-'));
  server = await start({ port: 0, dbPath: path.join(dir, 'db'), logger: (line) => logged.push(line) });
  client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000, maxPoolSize: 1 });
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n, 0);
  return b;
};

/** OP_MSG: flags, a body section, and a kind-1 section whose single "document" has the given bytes. */
function insertWithSequenceDoc(doc: Buffer): Buffer {
  const body = Buffer.from(serialize({ insert: 'victims', $db: 'malformed' }));
  const ident = Buffer.from('documents\0');
  const seq = Buffer.concat([Buffer.from([1]), int32(4 + ident.length + doc.length), ident, doc]);
  const rest = Buffer.concat([int32(0), Buffer.from([0]), body, seq]);
  return Buffer.concat([int32(16 + rest.length), int32(1), int32(0), int32(2013), rest]);
}

/** Sends raw bytes on a fresh socket; resolves when the server closes it (or rejects after a timeout). */
function sendAndAwaitClose(bytes: Buffer, timeoutMs = 10_000): Promise<{ replied: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let replied = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection open'));
    }, timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', () => (replied = true));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ replied });
    });
  });
}

test('a zero-length document closes only that connection, logged as an error; a driver client keeps working', async () => {
  const coll = client.db('malformed').collection('victims');
  await coll.insertOne({ _id: 'before' as never });
  logged.length = 0;

  const { replied } = await sendAndAwaitClose(insertWithSequenceDoc(int32(0)));
  expect(replied).toBe(false);
  expect(logged.some((l) => /error: malformed message .*invalid document length 0/.test(l))).toBe(true);

  // the driver's existing connection is untouched and the server still accepts new ones
  await coll.insertOne({ _id: 'after' as never });
  const other = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
  try {
    expect(await other.db('malformed').collection('victims').countDocuments()).toBe(2);
  } finally {
    await other.close();
  }
});

test('truncated, oversized, negative-length and garbage messages each close their own connection', async () => {
  const coll = client.db('malformed').collection('victims');
  const doc = Buffer.from(serialize({ _id: 'x' }));
  const negative = Buffer.from(doc);
  negative.writeInt32LE(-7, 0);
  const oversizedDoc = Buffer.from(doc);
  oversizedDoc.writeInt32LE(1 << 20, 0);
  const whole = insertWithSequenceDoc(doc);
  const cases: [string, Buffer][] = [
    ['negative document length', insertWithSequenceDoc(negative)],
    ['document longer than its section', insertWithSequenceDoc(oversizedDoc)],
    ['message length beyond the maximum', Buffer.concat([int32(100_000_000), Buffer.alloc(12)])],
    ['message length below a header', Buffer.concat([int32(3), Buffer.alloc(12)])],
    [
      'random bytes behind a header',
      Buffer.concat([int32(64), int32(1), int32(0), int32(2013), Buffer.alloc(48, 0xa5)]),
    ],
  ];
  // a message cut inside its document sequence, with the header's length matching what was sent
  const truncated = Buffer.from(whole.subarray(0, whole.length - 3));
  truncated.writeInt32LE(truncated.length, 0);
  cases.push(['truncated document sequence', truncated]);
  for (const [, bytes] of cases) {
    logged.length = 0;
    await sendAndAwaitClose(bytes);
    expect(logged.some((l) => /error: /.test(l))).toBe(true);
    await expect(coll.countDocuments({ _id: 'before' as never })).resolves.toBe(1);
  }
  // none of them stored anything
  expect(await coll.countDocuments({ _id: 'x' as never })).toBe(0);
});

test('loopback bind addresses print nothing; any other address is named in a no-authentication warning', async () => {
  for (const host of [
    '127.0.0.1',
    '127.1.2.3',
    'localhost',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])
    expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: true });
  for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'db.example.org', '::ffff:10.0.0.1'])
    expect({ host, warning: exposureWarning(host) }).toEqual({
      host,
      warning: expect.stringMatching(
        new RegExp(`binding to ${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*no authentication`),
      ),
    });

  // through start(): the warning is printed before the bind is attempted. The address used is from the
  // documentation range (192.0.2.0/24), which no interface holds, so the test never listens beyond loopback.
  const lines: string[] = [];
  const err = await errorOf(
    start({ port: 0, host: '192.0.2.1', dbPath: path.join(dir, 'exposed'), logger: (l) => lines.push(l) }),
  );
  expect(err.message).toContain('192.0.2.1');
  expect(lines).toEqual([expect.stringMatching(/binding to 192\.0\.2\.1.*no authentication/)]);

  // and on loopback there is no warning
  lines.length = 0;
  const quiet = await start({
    port: 0,
    host: '127.0.0.1',
    dbPath: path.join(dir, 'quiet'),
    logger: (l) => lines.push(l),
  });
  await quiet.stop();
  expect(lines).toEqual([]);
});
