import type { ServiceApp } from '@platform/service-kit';
import {
  signInjectedRequests,
  startTestMongo,
  uniqueDbName,
  type TestMongo,
} from '@platform/service-kit/testing';
import { buildApp } from '../../src/app';
import { indexesReady, SECRET } from './index';

export interface TextHarness {
  /** The text service, its `inject` signing each request marked with `signedAs` (signInjectedRequests). */
  readonly app: ServiceApp;
  readonly mongo: TestMongo;
  readonly dbName: string;
}

/**
 * A text service on the embedded MongoDB with its own database, started before the tests of the enclosing
 * `describe` and stopped (database dropped) after them. Without `seed` it starts empty; with it, the starter
 * set is seeded first. Read `app`, `mongo` and `dbName` inside hooks and tests, once it has started.
 */
export function useTextService(
  name: string,
  options: { seed?: boolean; uploadMaxBytes?: number; uploadInspectionMemoryMb?: number } = {},
): TextHarness {
  let mongo: TestMongo | undefined;
  let app: ServiceApp | undefined;
  const dbName = uniqueDbName(name);
  beforeAll(async () => {
    mongo = await startTestMongo();
    app = signInjectedRequests(
      await buildApp({
        mongoUri: mongo.uri,
        dbName,
        identitySecret: SECRET,
        logger: false,
        ...(options.seed ? {} : { seedDir: false as const }),
        ...(options.uploadMaxBytes ? { uploadMaxBytes: options.uploadMaxBytes } : {}),
        ...(options.uploadInspectionMemoryMb
          ? { uploadInspectionMemoryMb: options.uploadInspectionMemoryMb }
          : {}),
      }),
      SECRET,
      'text',
    );
    await app.ready();
    await app.seeded;
    await indexesReady(app);
  }, 60_000);
  afterAll(async () => {
    await app?.database?.db.dropDatabase().catch(() => undefined);
    await app?.close();
    await mongo?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the text service has not started yet');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get mongo() {
      return started(mongo);
    },
    dbName,
  };
}
