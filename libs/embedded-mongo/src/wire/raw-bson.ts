// Builds reply documents around already-serialised documents, so stored BSON is sent byte for byte.
import { Long, serialize, type Document } from 'bson';

/** Soft cap for one batch: 16 MiB less room for the envelope. */
export const BATCH_BYTES_LIMIT = 16 * 1024 * 1024 - 64 * 1024;

const cstring = (s: string): Buffer => Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);

/** A BSON array of documents, written into one buffer (a batch can hold many small documents). */
export function rawArray(docs: Buffer[]): Buffer {
  let total = 5;
  for (let i = 0; i < docs.length; i++) total += 2 + String(i).length + docs[i]!.length;
  const out = Buffer.allocUnsafe(total);
  out.writeInt32LE(total, 0);
  let at = 4;
  for (let i = 0; i < docs.length; i++) {
    out[at++] = 0x03;
    at += out.write(String(i), at, 'latin1');
    out[at++] = 0;
    at += docs[i]!.copy(out, at);
  }
  out[at] = 0;
  return out;
}

/** BSON type byte and value size of a scalar scalarDocument() writes itself; undefined for any other value. */
function scalarKind(v: unknown): [type: number, size: number] | undefined {
  if (v === null) return [0x0a, 0];
  switch (typeof v) {
    case 'boolean':
      return [0x08, 1];
    case 'string':
      return [0x02, 5 + Buffer.byteLength(v, 'utf8')];
    case 'object':
      break;
    default:
      return undefined;
  }
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? [0x09, 8] : undefined;
  switch ((v as { _bsontype?: string })._bsontype) {
    case 'Int32':
      return [0x10, 4];
    case 'Double':
      return [0x01, 8];
    case 'Long':
      return [0x12, 8];
    case 'ObjectId':
      return [0x07, 12];
    case 'MinKey':
      return [0xff, 0];
    case 'MaxKey':
      return [0x7f, 0];
  }
  return undefined;
}

/**
 * A document of top-level fields holding the scalars an index key decodes to, written directly (a covered
 * read builds one per index entry); undefined when a value is of another kind, for bson's serialiser.
 */
export function scalarDocument(names: readonly Buffer[], values: readonly unknown[]): Buffer | undefined {
  const kinds: [number, number][] = [];
  let total = 5;
  for (let i = 0; i < values.length; i++) {
    const kind = scalarKind(values[i]);
    if (!kind) return undefined;
    kinds.push(kind);
    total += 2 + names[i]!.length + kind[1];
  }
  const out = Buffer.allocUnsafe(total);
  out.writeInt32LE(total, 0);
  let at = 4;
  for (let i = 0; i < values.length; i++) {
    const [type, size] = kinds[i]!;
    const v = values[i];
    out[at++] = type;
    at += names[i]!.copy(out, at);
    out[at++] = 0;
    switch (type) {
      case 0x08:
        out[at] = v ? 1 : 0;
        break;
      case 0x02:
        out.writeInt32LE(size - 4, at);
        out.write(v as string, at + 4, 'utf8');
        out[at + size - 1] = 0;
        break;
      case 0x09: {
        const ms = Long.fromNumber((v as Date).getTime());
        out.writeInt32LE(ms.low, at);
        out.writeInt32LE(ms.high, at + 4);
        break;
      }
      case 0x10:
        out.writeInt32LE((v as { value: number }).value, at);
        break;
      case 0x01:
        out.writeDoubleLE((v as { value: number }).value, at);
        break;
      case 0x12:
        out.writeInt32LE((v as Long).low, at);
        out.writeInt32LE((v as Long).high, at + 4);
        break;
      case 0x07:
        out.set((v as { id: Uint8Array }).id, at);
        break;
    }
    at += size;
  }
  out[at] = 0;
  return out;
}

/**
 * { cursor: { <batchField>: [docs], id, ns }, ...extra, ok: 1 } with docs inserted raw.
 */
export function cursorReply(
  batchField: 'firstBatch' | 'nextBatch',
  docs: Buffer[],
  id: bigint,
  ns: string,
  extra: Document = {},
): Buffer {
  const arr = rawArray(docs);
  const idBuf = Buffer.allocUnsafe(8);
  idBuf.writeBigInt64LE(id, 0);
  const nsBytes = Buffer.from(ns, 'utf8');
  const nsLen = Buffer.allocUnsafe(4);
  nsLen.writeInt32LE(nsBytes.length + 1, 0);
  const cursorBody = Buffer.concat([
    Buffer.from([0x04]),
    cstring(batchField),
    arr,
    Buffer.from([0x12]),
    cstring('id'),
    idBuf,
    Buffer.from([0x02]),
    cstring('ns'),
    nsLen,
    nsBytes,
    Buffer.from([0]),
  ]);
  const cursorDoc = wrapDoc(cursorBody);
  const tail = serialize({ ...extra, ok: 1 });
  // splice: cursor element followed by the elements of `tail` (without its length and terminator)
  const body = Buffer.concat([
    Buffer.from([0x03]),
    cstring('cursor'),
    cursorDoc,
    Buffer.from(tail.subarray(4, tail.length - 1)),
  ]);
  return wrapDoc(body);
}

function wrapDoc(elements: Buffer): Buffer {
  const head = Buffer.allocUnsafe(4);
  head.writeInt32LE(elements.length + 5, 0);
  return Buffer.concat([head, elements, Buffer.from([0])]);
}
