// Builds reply documents around already-serialised documents, so stored BSON is sent byte for byte.
import { serialize, type Document } from 'bson';

/** Soft cap for one batch: 16 MiB less room for the envelope. */
export const BATCH_BYTES_LIMIT = 16 * 1024 * 1024 - 64 * 1024;

const cstring = (s: string): Buffer => Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);

export function rawArray(docs: Buffer[]): Buffer {
  const parts: Buffer[] = [];
  let total = 5;
  docs.forEach((d, i) => {
    const name = cstring(String(i));
    parts.push(Buffer.from([0x03]), name, d);
    total += 1 + name.length + d.length;
  });
  const head = Buffer.allocUnsafe(4);
  head.writeInt32LE(total, 0);
  return Buffer.concat([head, ...parts, Buffer.from([0])]);
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
