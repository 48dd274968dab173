// The speech service with the real text service beside it, over real HTTP on one embedded MongoDB: what the
// two say to each other (the change feeds, the reports, a person's figures) is their contract.
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceApp } from '@platform/service-kit';
import {
  signInjectedRequests,
  startTestMongo,
  uniqueDbName,
  type TestMongo,
} from '@platform/service-kit/testing';
import { SECRET, startSpeech, waitForIndexes, type SpeechHarness } from '@platform/speech-service/testing';
import { buildApp as buildTextApp } from '@platform/text-service';

export { insertSentences, sentences as textSentences, setSentenceStatus } from '@platform/text-service';
export type { NewSentence } from '@platform/text-service';

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
 * one) with speech's identity secret; resolves once its starter set (`seedDir`, none by default) is stored.
 */
export async function startTextService(options: {
  mongo: TestMongo;
  dbName?: string;
  seedDir?: string | false;
  port?: number;
  /** Where it finds the gateway (the names of people) and speech (their figures); unset, the defaults. */
  gatewayUrl?: string;
  speechUrl?: string;
}): Promise<TextBeside> {
  const app = signInjectedRequests(
    await buildTextApp({
      mongoUri: options.mongo.uri,
      dbName: options.dbName ?? uniqueDbName('text'),
      identitySecret: SECRET,
      logger: false,
      seedDir: options.seedDir ?? false,
      ...(options.gatewayUrl ? { gatewayUrl: options.gatewayUrl } : {}),
      ...(options.speechUrl ? { speechUrl: options.speechUrl } : {}),
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
