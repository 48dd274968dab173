import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { signIdentity, type ServiceApp } from '@platform/service-kit';
import {
  signedAs,
  signInjectedRequests,
  startTestMongo,
  uniqueDbName,
  type TestMongo,
} from '@platform/service-kit/testing';
import type { Identity, LanguageCode, Role } from '@platform/contracts';
// The real text service, over real HTTP: what the two say to each other is their contract. The one place
// speech's tests reach into another service; they belong with the platform's end-to-end suite, which may.
// eslint-disable-next-line platform/module-boundaries
import { buildApp as buildTextApp } from '@platform/text-service';
import { buildApp, type SpeechAppOptions } from '../../src/app';
import type { SentenceDoc } from '../../src/sentences/store';
import { speechStores, type SpeechStores } from '../../src/stores';
import { testCollections, type TestCollections } from './collections';

export const SECRET = 'speech-test-secret';

const person = (id: string, name = `Person ${id}`): Identity => ({ id, role: 'contributor', name });

/**
 * A person calling through the harness's `app.inject`, which signs each request for its own method and URL
 * as the gateway would (signInjectedRequests).
 */
export const as = (id: string, name?: string) => signedAs(person(id, name));

/** Someone with a role other than contributor (reviewer, admin...), through `app.inject`. */
export const asRole = (id: string, role: Role) => signedAs({ id, role, name: `Person ${id}` });

/** Signed headers for one request sent over real HTTP (a signature covers the method, the URL and the service). */
export const signedFor = (id: string, method: string, url: string) =>
  signIdentity(person(id), SECRET, { method, url, service: 'speech' });

export interface SpeechHarness {
  mongo: TestMongo;
  app: ServiceApp;
  col: TestCollections;
  /** The service's stores on its database, for tests that move what the service keeps beside its data. */
  stores: SpeechStores;
  close(): Promise<void>;
}

/** A speech service on the embedded MongoDB with its own database, sync loop off (tests drive it). */
export async function startSpeech(
  options: Partial<SpeechAppOptions> & { mongo?: TestMongo } = {},
): Promise<SpeechHarness> {
  const ownMongo = !options.mongo;
  const mongo = options.mongo ?? (await startTestMongo());
  const app = await buildApp({
    mongoUri: mongo.uri,
    dbName: options.dbName ?? uniqueDbName('speech'),
    identitySecret: SECRET,
    logger: false,
    startSync: false,
    textUrl: 'http://127.0.0.1:9',
    ...options,
  });
  signInjectedRequests(app, SECRET, 'speech');
  await app.ready();
  await waitForIndexes(app);
  return {
    mongo,
    app,
    col: testCollections(app.database!.db),
    stores: speechStores(app.database!.db),
    async close() {
      await app.close();
      if (ownMongo) await mongo.stop();
    },
  };
}

/**
 * Until the service has connected and made its indexes. A loaded machine can take the embedded server past the
 * driver's first connect timeout; the service then connects again, and a test that started meanwhile would meet
 * a closed client, so every harness waits here (up to 30 s) before handing a service out.
 */
export async function waitForIndexes(app: ServiceApp) {
  for (let i = 0; i < 600 && !app.database!.indexesReady(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!app.database!.indexesReady()) throw new Error('indexes were not created');
}

/**
 * A new temporary folder holding a Yoruba starter set for the text service (`seedDir`). The caller removes it
 * (`rm(dir, { recursive: true, force: true })`).
 */
export async function yorubaSeedDir(sentences: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'speech-text-seed-'));
  await writeFile(
    join(dir, 'yo.json'),
    JSON.stringify({ language: 'yo', license: 'CC0-1.0', citation: 'Test seed.', sentences }),
  );
  return dir;
}

export interface TextBeside {
  /** The text service; its `inject` signs each request marked with `as`/`asRole` (signInjectedRequests). */
  app: ServiceApp;
  /** The port it listens on at 127.0.0.1 (give it back as `port` to restart it at the same address). */
  port: number;
  /** Its base URL, for speech's `textUrl`. */
  url: string;
}

/**
 * The real text service beside speech, on the same embedded MongoDB, listening on 127.0.0.1 (`port` 0: any free
 * one) with the same identity secret; resolves once its starter set (`seedDir`, none by default) is stored.
 */
export async function startTextService(options: {
  mongo: TestMongo;
  dbName?: string;
  seedDir?: string | false;
  port?: number;
}): Promise<TextBeside> {
  const app = signInjectedRequests(
    await buildTextApp({
      mongoUri: options.mongo.uri,
      dbName: options.dbName ?? uniqueDbName('text'),
      identitySecret: SECRET,
      logger: false,
      seedDir: options.seedDir ?? false,
    }),
    SECRET,
    'text',
  );
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  await waitForIndexes(app);
  await app.seeded;
  const port = (app.server.address() as AddressInfo).port;
  return { app, port, url: `http://127.0.0.1:${port}` };
}

export interface SpeechWithText {
  mongo: TestMongo;
  /** The text service, over real HTTP; its `inject` signs requests marked with `as`/`asRole`. */
  text: ServiceApp;
  speech: SpeechHarness;
  /** Stops both services and the database, and removes the starter set. */
  close(): Promise<void>;
}

/**
 * The speech service with the real text service beside it, on one embedded MongoDB; the text service's starter
 * set holds the `yoruba` sentences (none by default).
 */
export async function startSpeechWithText(options: { yoruba?: string[] } = {}): Promise<SpeechWithText> {
  const mongo = await startTestMongo();
  const seedDir = options.yoruba ? await yorubaSeedDir(options.yoruba) : false;
  const text = await startTextService({ mongo, seedDir });
  const speech = await startSpeech({ mongo, textUrl: text.url });
  return {
    mongo,
    text: text.app,
    speech,
    async close() {
      await speech.close();
      await text.app.close();
      await mongo.stop();
      if (seedDir) await rm(seedDir, { recursive: true, force: true });
    },
  };
}

/** Puts recordable sentences straight into the speech service's copy (the sync has its own tests). */
export async function addSentences(
  col: TestCollections,
  language: LanguageCode,
  texts: string[],
  recordingCount = 0,
): Promise<string[]> {
  const docs: SentenceDoc[] = texts.map((text, i) => ({
    _id: new ObjectId().toHexString(),
    text,
    language,
    recordable: true,
    recordingCount,
    rand: Math.random(),
    seq: i + 1,
  }));
  if (docs.length) await col.sentences.insertMany(docs);
  return docs.map((d) => d._id);
}

export { multipart } from '@platform/service-kit/testing';
// eslint-disable-next-line platform/module-boundaries
export { insertSentences, sentences as textSentences, setSentenceStatus } from '@platform/text-service';
// eslint-disable-next-line platform/module-boundaries
export type { NewSentence } from '@platform/text-service';
