import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import {
  SPEECH_ACTIVITY_KINDS,
  type ActivityKind,
  type ActivitySumsBody,
  type Identity,
  type LanguageCode,
  type Role,
} from '@platform/contracts';
import {
  ACTIVITY_COLLECTIONS,
  activityLanguages,
  recordActivity,
  sumActivity,
  type ServiceApp,
} from '@platform/service-kit';
import {
  signedAs,
  signInjectedRequests,
  startTestMongo,
  uniqueDbName,
  type TestMongo,
} from '@platform/service-kit/testing';
import { SPEECH_KINDS } from '../src/activity/activity-reader';
import { buildApp } from '../src/app';
import type { KnownPerson, PeopleDirectory } from '../src/people/people-directory';
import { indexesReady, SECRET } from './support';

/** A person of the tests: their signed identity headers and their id. */
export const as = (id: string, role: Role = 'contributor') =>
  signedAs({ id, role, name: `Name ${id}` } satisfies Identity);

export interface WorkspaceHarness {
  readonly app: ServiceApp;
  readonly db: Db;
  /** The fake speech service's database: speech kinds recorded here are summed by it, as speech would. */
  readonly speechDb: Db;
  /** The accounts the fake gateway's directory knows. */
  readonly accounts: Map<string, KnownPerson>;
  /** Sets the service's clock. */
  setNow(at: Date | string): void;
  /** Counts contributions, text kinds in the text database and speech kinds in the fake speech one. */
  record(
    events: {
      kind: ActivityKind;
      userId: string;
      language: LanguageCode;
      at: Date | string;
      count?: number;
    }[],
  ): Promise<void>;
  /** Forgets every count, text and speech. */
  clearActivity(): Promise<void>;
  /** How many calls the fake speech service answered. */
  speechCalls(): number;
}

/**
 * The text service with a fixed clock, a directory of accounts the test fills, and a small fake speech service
 * on a random port that sums the speech kinds' daily counts from its own database (real counts, real sums).
 */
export function workspaceService(name: string): WorkspaceHarness {
  let mongo: TestMongo | undefined;
  let app: ServiceApp | undefined;
  let speech: FastifyInstance | undefined;
  let speechDb: Db | undefined;
  let calls = 0;
  let now = new Date('2026-11-16T09:00:00.000Z');
  const accounts = new Map<string, KnownPerson>();
  const people: PeopleDirectory = {
    async byIds(ids) {
      return new Map(ids.filter((id) => accounts.has(id)).map((id) => [id, accounts.get(id)!]));
    },
  };
  beforeAll(async () => {
    mongo = await startTestMongo();
    speech = Fastify({ logger: false });
    speech.post('/internal/activity/sums', async (request) => {
      calls += 1;
      const sums = await sumActivity(speechDb!, (request.body as ActivitySumsBody).queries);
      return { sums: [...sums].map(([key, count]) => ({ key, count })) };
    });
    speech.get('/internal/activity/languages/:id', async (request) => ({
      languages: await activityLanguages(speechDb!, (request.params as { id: string }).id, [
        ...SPEECH_ACTIVITY_KINDS,
      ]),
    }));
    const speechUrl = await speech.listen({ port: 0, host: '127.0.0.1' });
    app = signInjectedRequests(
      await buildApp({
        mongoUri: mongo.uri,
        dbName: uniqueDbName(name),
        identitySecret: SECRET,
        logger: false,
        seedDir: false,
        speechUrl,
        people,
        now: () => now,
        reminderIntervalMs: false,
      }),
      SECRET,
      'text',
    );
    await app.ready();
    await indexesReady(app);
    speechDb = app.database!.client.db(uniqueDbName(`${name}_speech`));
  }, 60_000);
  afterAll(async () => {
    await speechDb?.dropDatabase().catch(() => undefined);
    await app?.database?.db.dropDatabase().catch(() => undefined);
    await app?.close();
    await speech?.close();
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
    get db() {
      return started(app).database!.db;
    },
    get speechDb() {
      return started(speechDb);
    },
    accounts,
    setNow(at) {
      now = new Date(at);
    },
    async record(events) {
      const all = events.map((e) => ({ ...e, at: new Date(e.at) }));
      await recordActivity(
        started(app).database!.db,
        all.filter((e) => !SPEECH_KINDS.has(e.kind)),
      );
      await recordActivity(
        started(speechDb),
        all.filter((e) => SPEECH_KINDS.has(e.kind)),
      );
    },
    async clearActivity() {
      for (const c of ACTIVITY_COLLECTIONS) {
        await started(app).database!.db.collection(c).deleteMany({});
        await started(speechDb).collection(c).deleteMany({});
      }
    },
    speechCalls: () => calls,
  };
}
