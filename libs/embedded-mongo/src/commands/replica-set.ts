// The server as the one member of a replica set (start({ replicaSet })): what a driver connecting with
// `?replicaSet=<name>` needs to find its primary, and the retryable writes such a driver then sends.
import { ObjectId, type Binary, type Document } from 'bson';
import { fail, ErrorCodes } from '../errors';
import type { CommandContext, CommandReply } from './context';

/** How long a session's last retryable write is remembered: the session timeout hello advertises. */
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

interface LastWrite {
  txnNumber: number;
  reply: Promise<CommandReply>;
  at: number;
}

export interface ReplicaSetState {
  name: string;
  /** Told apart from any earlier run of this server, as a newly elected primary would be. */
  electionId: ObjectId;
  /** Each session's last retryable write and its reply, by the session id's hex. */
  lastWrites: Map<string, LastWrite>;
}

export const replicaSetState = (name: string): ReplicaSetState => ({
  name,
  electionId: new ObjectId(),
  lastWrites: new Map(),
});

/** The address drivers are told to use: the bound one, or localhost for a wildcard bind. */
export function memberAddress(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `${h.includes(':') ? `[${h}]` : h}:${port}`;
}

/**
 * hello's replica-set fields for a set of one: this server is its primary. No topologyVersion: a driver
 * then checks the server every heartbeat instead of holding an awaitable hello open on it.
 */
export function replicaSetHello(set: ReplicaSetState, host: string, port: number): Document {
  const me = memberAddress(host, port);
  return {
    setName: set.name,
    setVersion: 1,
    hosts: [me],
    primary: me,
    me,
    secondary: false,
    electionId: set.electionId,
  };
}

/** The write commands a driver retries with a txnNumber (MongoDB's retryable writes). */
export const RETRYABLE_WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);

function sweep(set: ReplicaSetState, now: number) {
  for (const [key, write] of set.lastWrites)
    if (now - write.at > SESSION_TIMEOUT_MS) set.lastWrites.delete(key);
}

/**
 * Runs a retryable write once per (session, txnNumber): a retry of the session's last write gets the first
 * attempt's reply without running again (waiting for it if it is still running), an older txnNumber is
 * refused with TransactionTooOld, a newer one runs. A first attempt that failed is forgotten, so its retry
 * runs. The record lives in memory: a retry that reaches the server after a restart runs again.
 */
export async function runRetryable(
  set: ReplicaSetState,
  ctx: CommandContext,
  name: string,
  run: () => CommandReply | Promise<CommandReply>,
): Promise<CommandReply> {
  if (!RETRYABLE_WRITES.has(name))
    fail(
      50768,
      `txnNumber may only be provided for multi-document transactions and retryable write commands. autocommit:false was not provided, and ${name} is not a retryable write command.`,
    );
  const lsid = ctx.body.lsid as { id?: Binary } | undefined;
  if (!lsid?.id?.buffer)
    fail(ErrorCodes.InvalidOptions, 'Transaction number requires a session ID to also be specified');
  const key = Buffer.from(lsid!.id!.buffer).toString('hex');
  const txnNumber = Number(ctx.body.txnNumber);
  const now = Date.now();
  const last = set.lastWrites.get(key);
  if (last && txnNumber < last.txnNumber)
    fail(
      ErrorCodes.TransactionTooOld,
      `Retryable write with txnNumber ${txnNumber} is prohibited on session ${key} because a newer retryable write with txnNumber ${last.txnNumber} has already started on this session.`,
    );
  if (last && txnNumber === last.txnNumber) return last.reply;
  if (set.lastWrites.size >= 1024) sweep(set, now);
  const reply = Promise.resolve().then(run);
  const write = { txnNumber, reply, at: now };
  set.lastWrites.set(key, write);
  try {
    return await reply;
  } catch (err) {
    if (set.lastWrites.get(key) === write) set.lastWrites.delete(key);
    throw err;
  }
}
