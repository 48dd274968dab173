import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { MongoClient } from 'mongodb';
import { start, type RunningServer } from '@platform/embedded-mongo';
import type { ServiceApp } from '@platform/service-kit';
import { signedAs, signInjectedRequests, uniqueDbName } from '@platform/service-kit/testing';
import { buildApp as buildTextApp } from '@platform/text-service';
import { startSpeech, type SpeechHarness } from '@platform/speech-service/testing';
import { mongoUri } from './support/deployment-rules';
import { readRepoFile } from './support/repo';

/**
 * The services on the connection string compose.yaml gives them (its options: replicaSet, w=majority), against
 * the embedded server answering as a replica set of one: the driver takes the replica-set path it takes in a
 * real deployment (discovery of the primary, retryable writes), and the services create their indexes, become
 * ready and store writes through it.
 */
const compose = parse(readRepoFile('deploy/compose.yaml'), { merge: true });
const composeUri = mongoUri(compose.services.text.environment.MONGODB_URI)!;
const setName = composeUri.options.get('replicaSet')!;
const SECRET = 'deploy-replica-set-secret';

let dir: string;
let server: RunningServer;
let uri: string;
let text: ServiceApp;
let speech: SpeechHarness;
const dbName = uniqueDbName('deploy_text');

async function ready(app: ServiceApp) {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    if (res.statusCode === 200) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not ready within 20 s');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deploy-rs-'));
  server = await start({ port: 0, dbPath: dir, replicaSet: setName });
  uri = `${server.uri}/?${composeUri.options}`;
  text = signInjectedRequests(
    await buildTextApp({
      mongoUri: uri,
      dbName,
      identitySecret: SECRET,
      logger: false,
      seedDir: false,
      reminderIntervalMs: false,
    }),
    SECRET,
    'text',
  );
  await text.ready();
  speech = await startSpeech({ mongo: { uri, stop: async () => {} } });
}, 60_000);

afterAll(async () => {
  await text?.close();
  await speech?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("compose's connection string names a replica set and majority writes", () => {
  expect(setName).toBe('rs0');
  expect(composeUri.options.get('w')).toBe('majority');
});

test('the services reach the set through it: indexes created, ready', async () => {
  expect(await ready(text)).toMatchObject({ status: 'ready', checks: { database: 'up' } });
  expect(await ready(speech.app)).toMatchObject({ status: 'ready', checks: { database: 'up' } });
  const hello = await text.database!.db.admin().command({ hello: 1 });
  expect(hello).toMatchObject({ setName, isWritablePrimary: true });
});

test('a write through the text service is stored', async () => {
  await ready(text);
  const res = await text.inject({
    method: 'POST',
    url: '/api/sentences',
    headers: signedAs({ id: 'ada', role: 'contributor', name: 'Ada Obi' }),
    payload: {
      text: 'Bàbá ń jẹun.',
      citation: 'Written by me.',
      domain: ['general'],
      lang: 'yo',
      cc0Confirmed: true,
    },
  });
  expect(res.statusCode).toBe(201);
  const client = new MongoClient(uri);
  try {
    expect(await client.db(dbName).collection('sentences').countDocuments({ text: 'Bàbá ń jẹun.' })).toBe(1);
  } finally {
    await client.close();
  }
});
