import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestMongo {
  uri: string;
  stop(): Promise<void>;
}

interface EmbeddedMongoModule {
  start(options: { port: number; dbPath: string }): Promise<{ uri: string; stop(): Promise<void> }>;
}

/**
 * A MongoDB for a test file: MONGODB_URI when set (a real server), else the embedded server on a random
 * port with a throw-away folder.
 */
export async function startTestMongo(): Promise<TestMongo> {
  const external = process.env.MONGODB_URI;
  if (external) return { uri: external, stop: async () => {} };
  return startEmbeddedMongo();
}

/** The embedded server on a given port (0: any), for tests that start the database late. */
export async function startEmbeddedMongo(port = 0): Promise<TestMongo> {
  const dbPath = await mkdtemp(join(tmpdir(), 'svc-kit-mongo-'));
  // Loaded by name at run time: the embedded server is a sibling workspace package and only tests need it.
  const moduleName = '@platform/embedded-mongo';
  const embedded = (await import(moduleName)) as EmbeddedMongoModule;
  const server = await embedded.start({ port, dbPath });
  return {
    uri: server.uri,
    async stop() {
      await server.stop();
      await rm(dbPath, { recursive: true, force: true });
    },
  };
}

/** A port that was free a moment ago and has nothing listening: for "database unreachable" tests. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A database name no other test uses, so test files sharing one server do not see each other's data. */
export function uniqueDbName(prefix: string) {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
