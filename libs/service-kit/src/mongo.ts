import { MongoClient, type Db, type IndexDescription } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';

/** Indexes one collection needs; declared by each service and created (idempotently) at start. */
export interface CollectionIndexes {
  collection: string;
  indexes: IndexDescription[];
}

export interface Database {
  client: MongoClient;
  db: Db;
  /** True once connected and every declared index exists. */
  indexesReady(): boolean;
  /** True once the client has connected; until then requests that need the database get 503. */
  isConnected(): boolean;
  /**
   * False from the moment the driver's monitor finds the server gone or not answering (killed, stopped,
   * unreachable) until it answers again: requests are refused at once meanwhile instead of each waiting out
   * the driver's timeouts.
   */
  isReachable(): boolean;
  /** Resolves true when the server answers a ping within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

const INDEX_RETRY_MS = 2000;
const DEFAULT_HEARTBEAT_MS = Number(process.env.MONGODB_HEARTBEAT_MS) || 1000;

/**
 * Opens the client without waiting for the server: a service starts (and reports not ready on /readyz)
 * while its database is down, and creates its indexes as soon as the database answers.
 */
export function openDatabase(options: {
  uri: string;
  dbName: string;
  indexes?: CollectionIndexes[];
  log: FastifyBaseLogger;
  serverSelectionTimeoutMS?: number;
  /** How often the driver checks the server (default 1 s; MONGODB_HEARTBEAT_MS). */
  heartbeatFrequencyMS?: number;
}): Database {
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 2000,
    connectTimeoutMS: 2000,
    // The driver's default (10 s) lets a request wait on a server that stopped answering for up to 14 s;
    // checked every second, a stopped server is known within about 3 s (the check's 2 s timeout included),
    // and its requests are answered 503 within 5 s.
    heartbeatFrequencyMS: options.heartbeatFrequencyMS ?? DEFAULT_HEARTBEAT_MS,
    appName: options.dbName,
  });
  // Several servers (a replica set): reachable while any of them answers the monitor.
  let reachable = true;
  client.on('topologyDescriptionChanged', (event) => {
    reachable = [...event.newDescription.servers.values()].some((server) => server.type !== 'Unknown');
  });
  const db = client.db(options.dbName);
  const declared = options.indexes ?? [];
  let connected = false;
  let indexesDone = declared.length === 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  // The driver closes its topology for good when an operation's implicit connect fails (a service started
  // before its database), while an explicit connect() can be retried and reopens it. So the service keeps
  // calling connect() until it succeeds, and nothing of ours touches the database before that.
  const connectAndIndex = async () => {
    if (closed) return;
    try {
      if (!connected) {
        await client.connect();
        connected = true;
      }
      for (const { collection, indexes } of declared) {
        if (indexes.length > 0) await db.collection(collection).createIndexes(indexes);
      }
      indexesDone = true;
      options.log.info({ db: options.dbName }, 'database connected and indexes ensured');
    } catch (err) {
      if (closed) return;
      options.log.warn(
        { db: options.dbName, reason: (err as Error).message },
        'database not reachable yet; will retry',
      );
      retry = setTimeout(() => void connectAndIndex(), INDEX_RETRY_MS);
      retry.unref();
    }
  };
  void connectAndIndex();

  return {
    client,
    db,
    indexesReady: () => connected && indexesDone,
    isConnected: () => connected,
    isReachable: () => connected && reachable,
    async ping(timeoutMs = 1500) {
      if (!connected) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const ping = db
        .command({ ping: 1 })
        .then(() => true)
        .catch(() => false);
      try {
        return await Promise.race([ping, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client.close();
    },
  };
}
