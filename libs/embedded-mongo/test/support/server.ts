// Gives each conformance test file a server: the embedded one by default, or a real MongoDB when
// MONGODB_URI is set, so the same assertions check that both behave alike.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  Collection,
  CollectionOptions,
  CommandStartedEvent,
  Db,
  Document,
  MongoClientOptions,
  ObjectId,
} from 'mongodb';
import { MongoClient } from 'mongodb';
import { start } from '@platform/embedded-mongo';

export const realMongoUri = process.env.MONGODB_URI;
export const isRealMongo = Boolean(realMongoUri);

/** Test documents use numbers and strings as _id, which the driver's default typing (ObjectId only) forbids. */
export type AnyDoc = Document & { _id?: ObjectId | string | number };
/** A Db whose collections default to AnyDoc; still assignable wherever a Db is expected. */
export type TestDb = {
  collection<T extends Document = AnyDoc>(name: string, options?: CollectionOptions): Collection<T>;
} & Db;

export interface EmbeddedOptions {
  cursorTimeoutMs?: number;
}

export interface TestServer {
  uri: string;
  client: MongoClient;
  /** A database whose name is unique to this file, dropped when the file ends. */
  db: TestDb;
  dbName: string;
  isRealMongo: boolean;
  /** True when the server is a standalone (the embedded server always is). */
  isStandalone: boolean;
  /** Another uniquely named database, also dropped when the file ends. */
  extraDb(suffix: string): TestDb;
  /** Opens one more client to the same server (closed by stop()). */
  newClient(options?: MongoClientOptions): Promise<MongoClient>;
  stop(): Promise<void>;
}

export async function startTestServer(
  label: string,
  options: { client?: MongoClientOptions; embedded?: EmbeddedOptions } = {},
): Promise<TestServer> {
  let uri: string;
  let stopServer = async (): Promise<void> => {};
  if (realMongoUri) {
    uri = realMongoUri;
  } else {
    const dbPath = await mkdtemp(path.join(tmpdir(), `emb-mongo-${label}-`));
    const server = await start({ port: 0, dbPath, ttlSweepIntervalMs: 200, ...options.embedded });
    uri = server.uri;
    stopServer = async () => {
      await server.stop();
      await rm(dbPath, { recursive: true, force: true });
    };
  }

  const clients: MongoClient[] = [];
  const newClient = async (clientOptions: MongoClientOptions = {}): Promise<MongoClient> => {
    const c = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000, ...clientOptions });
    await c.connect();
    clients.push(c);
    return c;
  };
  const client = await newClient(options.client);
  const suffix = randomBytes(4).toString('hex');
  const dbName = `conf_${label}_${suffix}`.slice(0, 60);
  const extraNames: string[] = [];
  const hello = await client.db('admin').command({ hello: 1 });

  return {
    uri,
    client,
    db: client.db(dbName) as TestDb,
    dbName,
    isRealMongo,
    isStandalone: !hello.setName && hello.msg !== 'isdbgrid',
    extraDb(extra: string) {
      const name = `conf_${label}_${extra}_${suffix}`.slice(0, 60);
      extraNames.push(name);
      return client.db(name) as TestDb;
    },
    newClient,
    async stop() {
      if (isRealMongo) {
        for (const name of [dbName, ...extraNames]) await client.db(name).dropDatabase();
      }
      for (const c of clients) await c.close();
      await stopServer();
    },
  };
}

/** Resolves to the error the operation failed with; fails the test if it succeeded. */
export async function errorOf(operation: Promise<unknown>): Promise<Error & Document> {
  try {
    await operation;
  } catch (error) {
    return error as Error & Document;
  }
  throw new Error('expected the operation to fail, but it succeeded');
}

/** Records the commands a client sends (the client needs `monitorCommands: true`). */
export function recordCommands(client: MongoClient): {
  started: CommandStartedEvent[];
  succeeded: { commandName: string; reply: Document }[];
  named(name: string): CommandStartedEvent[];
  clear(): void;
} {
  const started: CommandStartedEvent[] = [];
  const succeeded: { commandName: string; reply: Document }[] = [];
  client.on('commandStarted', (e) => started.push(e));
  client.on('commandSucceeded', (e) =>
    succeeded.push({ commandName: e.commandName, reply: e.reply as Document }),
  );
  return {
    started,
    succeeded,
    named: (name) => started.filter((e) => e.commandName === name),
    clear() {
      started.length = 0;
      succeeded.length = 0;
    },
  };
}

/** Polls until `check` returns true or the time runs out; returns the last result. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
