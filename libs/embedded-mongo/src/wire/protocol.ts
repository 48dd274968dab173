// MongoDB wire protocol framing: OP_QUERY (legacy handshake) answered with OP_REPLY, and OP_MSG with kind-0
// body and kind-1 document sequences, optional CRC-32C checksum and the moreToCome flag.
import { deserialize, type Document } from 'bson';
import { normalizeCommand } from '../storage/normalize';
import { liftInsertDocuments } from './inline-documents';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
export const OP_COMPRESSED = 2012;

export const MSG_CHECKSUM_PRESENT = 1;
export const MSG_MORE_TO_COME = 2;

export const MAX_MESSAGE_BYTES = 48_000_000;

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface ParsedCommand {
  /** The command document (kind-0 body) with kind-1 sequences attached as arrays of raw documents. */
  body: Document;
  /** The same body with exact BSON number types (Int32/Double/Long wrappers), deserialised on first use. */
  readonly typed: Document;
  /** Raw BSON of each document of each kind-1 section, by identifier (e.g. documents, updates, deletes). */
  sequences: Map<string, Buffer[]>;
  moreToCome: boolean;
  legacy: boolean;
  /** OP_QUERY only: the collection name (db.$cmd). */
  fullCollectionName?: string;
}

export function readHeader(buf: Buffer): Header {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

/** A message that does not follow the wire format: the connection that sent it is closed. */
export class MalformedMessageError extends Error {
  override name = 'MalformedMessageError';
}

const malformed = (what: string): never => {
  throw new MalformedMessageError(what);
};

/** A NUL-terminated string that must end before `limit`. */
const readCString = (buf: Buffer, offset: number, limit: number): [string, number] => {
  const end = buf.indexOf(0, offset);
  if (end < 0 || end >= limit) malformed('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
};

/**
 * The bounds of one BSON document starting at `offset`, which must end at or before `limit`: its declared size
 * is at least 5 (length and terminator) and its last byte is the terminator. A size of 0 or less would never
 * advance the reader, so it is refused here rather than looped over.
 */
function documentAt(buf: Buffer, offset: number, limit: number, what: string): number {
  if (offset + 4 > limit) malformed(`${what}: truncated before its length`);
  const size = buf.readInt32LE(offset);
  if (size < 5) malformed(`${what}: invalid document length ${size}`);
  if (offset + size > limit) malformed(`${what}: document length ${size} runs past its section`);
  if (buf[offset + size - 1] !== 0) malformed(`${what}: document is not terminated`);
  return size;
}

/**
 * The command body with JS numbers, validated now, and its exactly typed form, deserialised only when a
 * command asks for it (most commands never do, and an insert's documents come in a kind-1 section).
 */
function deserializeBody(bytes: Buffer, unwrapQuery = false): { body: Document; readonly typed: Document } {
  let body: Document;
  try {
    body = normalizeCommand(deserialize(bytes, { promoteBuffers: false }), bytes);
  } catch (err) {
    return malformed(`invalid BSON in the command body: ${(err as Error).message}`);
  }
  // legacy drivers wrap an OP_QUERY command as { $query: {...}, $readPreference }
  const wrapped = unwrapQuery && body.$query !== null && typeof body.$query === 'object';
  if (wrapped) body = body.$query as Document;
  let typed: Document | undefined;
  return {
    body,
    get typed() {
      if (!typed) {
        typed = deserialize(bytes, { promoteValues: false, promoteBuffers: false });
        if (wrapped) typed = typed.$query as Document;
      }
      return typed;
    },
  };
}

/** Parses one complete message (header included). Throws MalformedMessageError on anything malformed. */
export function parseMessage(msg: Buffer): ParsedCommand {
  if (msg.length < 16) malformed(`message of ${msg.length} bytes is shorter than its header`);
  const header = readHeader(msg);
  if (header.length !== msg.length)
    malformed(`declared length ${header.length} differs from the ${msg.length} bytes received`);
  if (header.opCode === OP_MSG) {
    if (msg.length < 21) malformed('OP_MSG without flags or sections');
    const flags = msg.readUInt32LE(16);
    let end = msg.length;
    if (flags & MSG_CHECKSUM_PRESENT) end -= 4; // the checksum is not verified, only skipped
    if (end < 21) malformed('OP_MSG too short for its checksum');
    let offset = 20;
    let bodyBytes: Buffer | undefined;
    const sequences = new Map<string, Buffer[]>();
    while (offset < end) {
      const kind = msg[offset++];
      if (kind === 0) {
        if (bodyBytes) malformed('OP_MSG with more than one body section');
        const size = documentAt(msg, offset, end, 'body section');
        bodyBytes = msg.subarray(offset, offset + size);
        offset += size;
      } else if (kind === 1) {
        if (offset + 4 > end) malformed('document sequence truncated before its length');
        const size = msg.readInt32LE(offset);
        const sectionEnd = offset + size;
        // length, identifier (at least its terminator): anything shorter cannot be a section
        if (size < 5 || sectionEnd > end) malformed(`invalid document sequence length ${size}`);
        const [identifier, next] = readCString(msg, offset + 4, sectionEnd);
        if (sequences.has(identifier)) malformed(`duplicate document sequence '${identifier}'`);
        let p = next;
        const docs: Buffer[] = [];
        while (p < sectionEnd) {
          const docSize = documentAt(msg, p, sectionEnd, `document sequence '${identifier}'`);
          docs.push(Buffer.from(msg.subarray(p, p + docSize)));
          p += docSize;
        }
        sequences.set(identifier, docs);
        offset = sectionEnd;
      } else {
        malformed(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!bodyBytes) return malformed('OP_MSG without a body section');
    const lifted = sequences.has('documents') ? undefined : liftInsertDocuments(bodyBytes);
    if (lifted) sequences.set('documents', lifted.documents);
    const parsedBody = deserializeBody(lifted?.body ?? bodyBytes);
    const { body } = parsedBody;
    const lazy = parsedBody;
    return {
      body,
      get typed() {
        return lazy.typed;
      },
      sequences,
      moreToCome: (flags & MSG_MORE_TO_COME) !== 0,
      legacy: false,
    };
  }
  if (header.opCode === OP_QUERY) {
    // flags, then the collection name
    const [fullCollectionName, next] = readCString(msg, 20, msg.length);
    const offset = next + 8; // numberToSkip, numberToReturn
    const size = documentAt(msg, offset, msg.length, 'OP_QUERY');
    const parsed = deserializeBody(msg.subarray(offset, offset + size), true);
    return {
      body: parsed.body,
      get typed() {
        return parsed.typed;
      },
      sequences: new Map(),
      moreToCome: false,
      legacy: true,
      fullCollectionName,
    };
  }
  return malformed(`unsupported opCode ${header.opCode}`);
}

let nextRequestId = 1;

/** OP_MSG reply with a single kind-0 section holding the already serialised body. */
export function opMsgReply(responseTo: number, body: Buffer): Buffer {
  const head = Buffer.allocUnsafe(21);
  head.writeInt32LE(21 + body.length, 0);
  head.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  head.writeInt32LE(responseTo, 8);
  head.writeInt32LE(OP_MSG, 12);
  head.writeUInt32LE(0, 16);
  head[20] = 0;
  return Buffer.concat([head, body]);
}

/** OP_REPLY with one document, for legacy OP_QUERY commands. */
export function opReply(responseTo: number, body: Buffer): Buffer {
  const head = Buffer.allocUnsafe(36);
  head.writeInt32LE(36 + body.length, 0);
  head.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  head.writeInt32LE(responseTo, 8);
  head.writeInt32LE(OP_REPLY, 12);
  head.writeInt32LE(8, 16); // AwaitCapable
  head.writeBigInt64LE(0n, 20);
  head.writeInt32LE(0, 28);
  head.writeInt32LE(1, 32);
  return Buffer.concat([head, body]);
}
