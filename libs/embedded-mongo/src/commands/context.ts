import type { Document } from 'bson';
import type { Engine } from '../storage/engine';
import type { CursorRegistry } from '../cursors';
import type { ReplicaSetState } from './replica-set';

export interface ServerState {
  engine: Engine;
  cursors: CursorRegistry;
  startedAt: number;
  host: string;
  port: number;
  /** The server's log (warnings such as documents that would fail validation under validationAction warn). */
  log?: (line: string) => void;
  /** Set when the server answers as the one member of a replica set (start({ replicaSet })). */
  replicaSet?: ReplicaSetState;
}

export interface CommandContext {
  state: ServerState;
  db: string;
  /** The command with JS numbers (filters, options). */
  body: Document;
  /** The command with exact BSON number types (documents to store). */
  typed: Document;
  /** Raw kind-1 document sequences by identifier. */
  sequences: Map<string, Buffer[]>;
  connectionId: number;
}

/** A command reply: either a document to serialise or bytes already serialised. */
export type CommandReply = Document | Buffer;

export type CommandHandler = (ctx: CommandContext) => CommandReply | Promise<CommandReply>;
