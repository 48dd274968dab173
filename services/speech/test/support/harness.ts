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
