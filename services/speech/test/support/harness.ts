import { mkdtemp, writeFile } from 'node:fs/promises';
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
import { buildApp, type SpeechAppOptions } from '../../src/app';
import { collections, type Collections, type SentenceDoc } from '../../src/collections';

export const SECRET = 'speech-test-secret';

/** A fresh folder holding a Yoruba starter set of `sentences`, for a text service's `seedDir`. */
export async function yorubaSeedDir(prefix: string, sentences: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(
    join(dir, 'yo.json'),
    JSON.stringify({ language: 'yo', license: 'CC0-1.0', citation: 'Test seed.', sentences }),
  );
  return dir;
}

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
  col: Collections;
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
    col: collections(app.database!.db),
    async close() {
      await app.close();
      if (ownMongo) await mongo.stop();
    },
  };
}

export async function waitForIndexes(app: ServiceApp) {
  for (let i = 0; i < 100 && !app.database!.indexesReady(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!app.database!.indexesReady()) throw new Error('indexes were not created');
}

/** Puts recordable sentences straight into the speech service's copy (the sync has its own tests). */
export async function addSentences(
  col: Collections,
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

/** A multipart/form-data body with parts in the order given. */
export function multipart(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }
  >,
) {
  const boundary = `----speechtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
