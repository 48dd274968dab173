// Command dispatch: generic driver fields are accepted and ignored; transactions are refused as a standalone
// mongod refuses them (as the one member of a replica set, retryable writes are run once per txnNumber and
// multi-document transactions are refused); unknown commands get CommandNotFound.
import type { Document } from 'bson';
import { ErrorCodes, MongoServerError, fail } from '../errors';
import type { CommandContext, CommandHandler, CommandReply } from './context';
import * as admin from './admin';
import * as read from './read';
import * as write from './write';
import * as ddl from './ddl';
import { aggregate } from './aggregate';
import { runRetryable } from './replica-set';

const handlers: Record<string, CommandHandler> = {
  hello: admin.hello,
  ismaster: admin.hello,
  isMaster: admin.hello,
  ping: admin.ping,
  buildInfo: admin.buildInfo,
  buildinfo: admin.buildInfo,
  endSessions: admin.ok,
  killAllSessions: admin.ok,
  killSessions: admin.ok,
  refreshSessions: admin.ok,
  startSession: admin.startSession,
  whatsmyuri: admin.whatsmyuri,
  connectionStatus: admin.connectionStatus,
  hostInfo: admin.hostInfo,
  serverStatus: admin.serverStatus,
  getParameter: admin.getParameter,
  getCmdLineOpts: admin.getCmdLineOpts,
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  listDatabases: ddl.listDatabases,
  listCollections: ddl.listCollections,
  create: ddl.create,
  drop: ddl.drop,
  dropDatabase: ddl.dropDatabase,
  renameCollection: ddl.renameCollection,
  createIndexes: ddl.createIndexes,
  listIndexes: ddl.listIndexes,
  dropIndexes: ddl.dropIndexes,
  deleteIndexes: ddl.dropIndexes,
  collStats: ddl.collStats,
  collMod: ddl.collMod,
  dbStats: ddl.dbStats,
  insert: write.insert,
  update: write.update,
  delete: write.del,
  findAndModify: write.findAndModify,
  findandmodify: write.findAndModify,
  find: read.find,
  getMore: read.getMore,
  killCursors: read.killCursors,
  count: read.count,
  distinct: read.distinct,
  aggregate,
  explain: read.explain,
};

const TRANSACTION_COMMANDS = new Set(['commitTransaction', 'abortTransaction']);

export async function runCommand(ctx: CommandContext): Promise<CommandReply> {
  const name = Object.keys(ctx.body)[0];
  if (!name) fail(ErrorCodes.FailedToParse, 'empty command');
  const set = ctx.state.replicaSet;
  if (
    ctx.body.startTransaction !== undefined ||
    ctx.body.autocommit !== undefined ||
    TRANSACTION_COMMANDS.has(name!) ||
    (ctx.body.txnNumber !== undefined && !set)
  )
    fail(
      ErrorCodes.IllegalOperation,
      set
        ? 'multi-document transactions are not supported by this server'
        : 'Transaction numbers are only allowed on a replica set member or mongos',
    );
  const handler = Object.prototype.hasOwnProperty.call(handlers, name!) ? handlers[name!] : undefined;
  if (!handler) fail(ErrorCodes.CommandNotFound, `no such command: '${name}'`);
  if (set && ctx.body.txnNumber !== undefined) return runRetryable(set, ctx, name!, () => handler!(ctx));
  return handler!(ctx);
}

export function errorReply(err: unknown): Document {
  if (err instanceof MongoServerError)
    return { ok: 0, errmsg: err.message, code: err.code, codeName: err.codeName, ...err.extra };
  return {
    ok: 0,
    errmsg: String((err as Error)?.message ?? err),
    code: ErrorCodes.InternalError,
    codeName: 'InternalError',
  };
}
