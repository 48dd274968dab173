// Handshake and server-level commands.
import type { Binary } from 'bson';
import { UUID, type Document } from 'bson';
import { cpus } from 'node:os';
import type { CommandHandler } from './context';
import { replicaSetHello } from './replica-set';

export const SERVER_VERSION = '7.0.0';

export const hello: CommandHandler = (ctx) => {
  const legacy = ctx.body.hello === undefined;
  const reply: Document = {
    helloOk: true,
    [legacy ? 'ismaster' : 'isWritablePrimary']: true,
    maxBsonObjectSize: 16777216,
    maxMessageSizeBytes: 48000000,
    maxWriteBatchSize: 100000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ...(ctx.state.replicaSet ? replicaSetHello(ctx.state.replicaSet, ctx.state.host, ctx.state.port) : {}),
    ok: 1,
  };
  return reply;
};

export const ping: CommandHandler = () => ({ ok: 1 });

export const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded-mongo',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16777216,
  storageEngines: ['lmdb'],
  javascriptEngine: 'none',
  modules: [],
  ok: 1,
});

export const ok: CommandHandler = () => ({ ok: 1 });

export const startSession: CommandHandler = () => ({
  id: { id: new UUID().toBinary() as Binary },
  timeoutMinutes: 30,
  ok: 1,
});

export const whatsmyuri: CommandHandler = () => ({ you: '127.0.0.1', ok: 1 });

export const connectionStatus: CommandHandler = () => ({
  authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
  ok: 1,
});

export const hostInfo: CommandHandler = () => ({
  system: { currentTime: new Date(), hostname: 'localhost', numCores: cpus().length },
  os: { type: process.platform },
  extra: {},
  ok: 1,
});

export const serverStatus: CommandHandler = (ctx) => ({
  host: 'localhost',
  version: SERVER_VERSION,
  process: 'embedded-mongo',
  pid: process.pid,
  uptime: Math.floor((Date.now() - ctx.state.startedAt) / 1000),
  uptimeMillis: Date.now() - ctx.state.startedAt,
  localTime: new Date(),
  mem: { resident: Math.round(process.memoryUsage().rss / 1024 / 1024), virtual: 0, supported: true },
  connections: { current: 0, available: 1000 },
  ok: 1,
});

export const getParameter: CommandHandler = (ctx) => {
  const reply: Document = {};
  if (ctx.body.featureCompatibilityVersion !== undefined)
    reply.featureCompatibilityVersion = { version: '7.0' };
  reply.ok = 1;
  return reply;
};

export const getCmdLineOpts: CommandHandler = () => ({ argv: process.argv, parsed: {}, ok: 1 });
