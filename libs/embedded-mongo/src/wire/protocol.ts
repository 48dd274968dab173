// MongoDB wire protocol framing: OP_QUERY (legacy handshake) answered with OP_REPLY, and OP_MSG with kind-0
// body and kind-1 document sequences, optional CRC-32C checksum and the moreToCome flag.
import { deserialize, type Document } from 'bson';
import { normalizeCommand } from '../storage/normalize';

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
  /** The same body with exact BSON number types (Int32/Double/Long wrappers) for values that get stored. */
  typed: Document;
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

const readCString = (buf: Buffer, offset: number): [string, number] => {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new Error('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
};

/** Parses one complete message (header included). Throws on malformed input. */
export function parseMessage(msg: Buffer): ParsedCommand {
  const header = readHeader(msg);
  if (header.opCode === OP_MSG) {
    const flags = msg.readUInt32LE(16);
    let end = msg.length;
    if (flags & MSG_CHECKSUM_PRESENT) end -= 4; // the checksum is not verified, only skipped
    let offset = 20;
    let body: Document | undefined;
    let typed: Document | undefined;
    const sequences = new Map<string, Buffer[]>();
    while (offset < end) {
      const kind = msg[offset++];
      if (kind === 0) {
        const size = msg.readInt32LE(offset);
        const bytes = msg.subarray(offset, offset + size);
        body = normalizeCommand(deserialize(bytes, { promoteBuffers: false }), bytes);
        typed = deserialize(bytes, { promoteValues: false, promoteBuffers: false });
        offset += size;
      } else if (kind === 1) {
        const size = msg.readInt32LE(offset);
        const sectionEnd = offset + size;
        const [identifier, next] = readCString(msg, offset + 4);
        let p = next;
        const docs: Buffer[] = [];
        while (p < sectionEnd) {
          const docSize = msg.readInt32LE(p);
          docs.push(Buffer.from(msg.subarray(p, p + docSize)));
          p += docSize;
        }
        sequences.set(identifier, docs);
        offset = sectionEnd;
      } else {
        throw new Error(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!body || !typed) throw new Error('OP_MSG without a body section');
    return { body, typed, sequences, moreToCome: (flags & MSG_MORE_TO_COME) !== 0, legacy: false };
  }
  if (header.opCode === OP_QUERY) {
    let offset = 20;
    const [fullCollectionName, next] = readCString(msg, offset);
    offset = next + 8; // numberToSkip, numberToReturn
    const size = msg.readInt32LE(offset);
    const bytes = msg.subarray(offset, offset + size);
    let body = normalizeCommand(deserialize(bytes, { promoteBuffers: false }), bytes);
    let typed = deserialize(bytes, { promoteValues: false, promoteBuffers: false });
    // legacy drivers wrap the command as { $query: {...}, $readPreference }
    if (body.$query && typeof body.$query === 'object') {
      body = body.$query as Document;
      typed = typed.$query as Document;
    }
    return { body, typed, sequences: new Map(), moreToCome: false, legacy: true, fullCollectionName };
  }
  throw new Error(`unsupported opCode ${header.opCode}`);
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
