// Reading index keys back: where each field's encoded value ends inside a compound key (so that bounds on a
// trailing field can be checked on the key alone), and the value itself when the entry's type byte says the
// key holds it exactly (so that counts, distinct values and covered projections need no document).
import { Double, Int32, Long, MaxKey, MinKey, ObjectId } from 'bson';
import { MAX_INDEXED_STRING_BYTES, TypeRank } from './key-encoding';
import { EntryType } from './raw-path';

const byteAt = (buf: Buffer, i: number, desc: boolean): number => {
  const b = buf[i];
  if (b === undefined) throw new RangeError('index key ends inside a value');
  return desc ? ~b & 0xff : b;
};

/** The end of an escaped byte run (0x00-terminated, 0x01 escapes the next byte), past its terminator. */
function escapedEnd(buf: Buffer, i: number, desc: boolean): number {
  for (;;) {
    const b = byteAt(buf, i, desc);
    if (b === 0) return i + 1;
    i += b === 1 ? 2 : 1;
  }
}

/** The offset just past the encoded value that starts at `start` (a descending field's bytes are complemented). */
export function segmentEnd(buf: Buffer, start: number, desc: boolean): number {
  const rank = byteAt(buf, start, desc);
  let i = start + 1;
  switch (rank) {
    case TypeRank.null:
    case TypeRank.minKey:
    case TypeRank.maxKey:
      return i;
    case TypeRank.number:
      return i + 16;
    case TypeRank.string:
      return escapedEnd(buf, i, desc);
    case TypeRank.boolean:
      return i + 1;
    case TypeRank.date:
    case TypeRank.timestamp:
      return i + 8;
    case TypeRank.objectId:
      return i + 12;
    case TypeRank.binData:
      return escapedEnd(buf, i + 5, desc);
    case TypeRank.regex:
      return escapedEnd(buf, escapedEnd(buf, i, desc), desc);
    case TypeRank.array:
      while (byteAt(buf, i, desc) !== 0) i = segmentEnd(buf, i, desc);
      return i + 1;
    case TypeRank.object:
      while (byteAt(buf, i, desc) !== 0) {
        i = escapedEnd(buf, i + 1, desc); // the field's type rank, then its name
        i = segmentEnd(buf, i, desc);
      }
      return i + 1;
    default:
      throw new RangeError(`unknown type rank ${rank} in an index key`);
  }
}

/** Offsets of each field's encoded value in a key that starts at `from`; the last offset is where the _id begins. */
export function segmentOffsets(
  key: Buffer,
  from: number,
  dirs: readonly number[],
  upTo = dirs.length,
  into: number[] = [],
): number[] {
  into[0] = from;
  let i = from;
  for (let f = 0; f < upTo; f++) {
    i = segmentEnd(key, i, (dirs[f] ?? 1) < 0);
    into[f + 1] = i;
  }
  if (into.length !== upTo + 1) into.length = upTo + 1;
  return into;
}

/** A descending segment's bytes complemented back into a copy (ascending ones are read in place). */
function complemented(buf: Buffer, start: number, end: number): Buffer {
  const bytes = Buffer.from(buf.subarray(start, end));
  for (let i = 0; i < bytes.length; i++) bytes[i] = ~bytes[i]! & 0xff;
  return bytes;
}

function unescape(bytes: Buffer, from: number): { value: Buffer; end: number } {
  const out = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  let i = from;
  for (;;) {
    const b = bytes[i]!;
    if (b === 0) return { value: out.subarray(0, n), end: i + 1 };
    if (b === 1) {
      out[n++] = bytes[i + 1]! - 1;
      i += 2;
    } else {
      out[n++] = b;
      i++;
    }
  }
}

/** Reused by readDouble, which runs once per key a count, distinct or covered read decodes. */
const doubleView = new DataView(new ArrayBuffer(8));

function readDouble(bytes: Buffer, at: number): number {
  let hi = bytes.readUInt32BE(at);
  let lo = bytes.readUInt32BE(at + 4);
  if (hi === 0 && lo === 0) return Number.NaN;
  // positive numbers have their sign bit set, negative ones are complemented
  if (hi >= 0x80000000) hi -= 0x80000000;
  else {
    hi = ~hi >>> 0;
    lo = ~lo >>> 0;
  }
  doubleView.setUint32(0, hi);
  doubleView.setUint32(4, lo);
  return doubleView.getFloat64(0);
}

export type Decoded = { ok: true; value: unknown } | { ok: false };
const NO: Decoded = { ok: false };

/**
 * The exact BSON value of one encoded field, given the type byte stored with the entry; `{ ok: false }` when the
 * key cannot say (a value met through an array, a shortened string, a type whose key loses detail). A missing
 * field decodes to undefined.
 */
export function decodeSegment(key: Buffer, start: number, end: number, desc: boolean, type: number): Decoded {
  if (type === EntryType.missing) return { ok: true, value: undefined };
  const bytes = desc ? complemented(key, start, end) : key;
  const at = desc ? 0 : start;
  const rank = bytes[at];
  switch (type) {
    case EntryType.null:
      return rank === TypeRank.null ? { ok: true, value: null } : NO;
    case EntryType.minKey:
      return { ok: true, value: new MinKey() };
    case EntryType.maxKey:
      return { ok: true, value: new MaxKey() };
    case EntryType.bool:
      return rank === TypeRank.boolean ? { ok: true, value: bytes[at + 1] === 1 } : NO;
    case EntryType.objectId:
      // copied: the key's bytes may be LMDB's, reused for the next key
      return rank === TypeRank.objectId
        ? { ok: true, value: new ObjectId(Buffer.from(bytes.subarray(at + 1, at + 13))) }
        : NO;
    case EntryType.date:
      return rank === TypeRank.date ? { ok: true, value: new Date(readDouble(bytes, at + 1)) } : NO;
    case EntryType.string: {
      if (rank !== TypeRank.string) return NO;
      const { value } = unescape(bytes, at + 1);
      // a string at the length limit may have been shortened: only the document knows it
      if (value.length >= MAX_INDEXED_STRING_BYTES) return NO;
      return { ok: true, value: value.toString('utf8') };
    }
    case EntryType.int32:
    case EntryType.double:
    case EntryType.negativeZero:
    case EntryType.int64: {
      if (rank !== TypeRank.number) return NO;
      const d = readDouble(bytes, at + 1);
      if (type === EntryType.int32) return { ok: true, value: new Int32(d) };
      if (type === EntryType.double) return { ok: true, value: new Double(d) };
      if (type === EntryType.negativeZero) return { ok: true, value: new Double(-0) };
      // only an int64 beyond 2^53 has a remainder; the key holds it after the double
      const signed = BigInt.asIntN(64, bytes.readBigUInt64BE(at + 9) ^ 0x8000000000000000n);
      return { ok: true, value: Long.fromBigInt(signed === 0n ? BigInt(d) : BigInt(d) + signed) };
    }
  }
  return NO;
}
