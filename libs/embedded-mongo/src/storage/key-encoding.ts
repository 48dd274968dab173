// Order-preserving binary encoding of BSON values, so that LMDB's bytewise key order equals MongoDB's
// comparison order (MinKey < null < numbers < strings < objects < arrays < BinData < ObjectId < bool < Date
// < Timestamp < regex < MaxKey). Every encoding is self-delimiting (prefix-free), which lets compound keys be
// plain concatenations and lets a descending component be stored as the bitwise complement of its bytes.
import type { ObjectId, Timestamp, BSONRegExp } from 'bson';
import { Binary, Decimal128, Double, Int32, Long } from 'bson';
import { createHash } from 'node:crypto';
import { BsonNumber } from './bson-number';

export const TypeRank = {
  minKey: 0x01,
  null: 0x05,
  number: 0x10,
  string: 0x14,
  object: 0x18,
  array: 0x1c,
  binData: 0x20,
  objectId: 0x24,
  boolean: 0x28,
  date: 0x2c,
  timestamp: 0x30,
  regex: 0x34,
  maxKey: 0x7f,
} as const;

/** Longest string prefix written into an index key; longer values are compared in full after lookup. */
export const MAX_INDEXED_STRING_BYTES = 512;

const bsonTypeOf = (v: unknown): string | undefined =>
  v !== null && typeof v === 'object' ? (v as { _bsontype?: string })._bsontype : undefined;

/** MongoDB's canonical type rank of a value (numbers of every width share one rank). */
export function typeRank(v: unknown): number {
  if (v instanceof BsonNumber) return TypeRank.number;
  if (v === undefined || v === null) return TypeRank.null;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return TypeRank.number;
    case 'string':
      return TypeRank.string;
    case 'boolean':
      return TypeRank.boolean;
  }
  if (v instanceof Date) return TypeRank.date;
  if (v instanceof RegExp) return TypeRank.regex;
  if (Array.isArray(v)) return TypeRank.array;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return TypeRank.binData;
  switch (bsonTypeOf(v)) {
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return TypeRank.number;
    case 'ObjectId':
      return TypeRank.objectId;
    case 'Binary':
      return TypeRank.binData;
    case 'Timestamp':
      return TypeRank.timestamp;
    case 'BSONRegExp':
      return TypeRank.regex;
    case 'MinKey':
      return TypeRank.minKey;
    case 'MaxKey':
      return TypeRank.maxKey;
    case 'BSONSymbol':
      return TypeRank.string;
  }
  return TypeRank.object;
}

/** Numeric value of any BSON number as a JS double (Long beyond 2^53 loses precision in the key only). */
export function toDouble(v: unknown): number {
  if (v instanceof BsonNumber) v = v.bson;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Int32 || v instanceof Double) return v.valueOf();
  if (v instanceof Long) return v.toNumber();
  if (v instanceof Decimal128) return Number.parseFloat(v.toString());
  const t = bsonTypeOf(v);
  if (t === 'Long') return (v as Long).toNumber();
  if (t === 'Int32' || t === 'Double') return Number((v as Int32).valueOf());
  if (t === 'Decimal128') return Number.parseFloat(String(v));
  return Number.NaN;
}

/** An integer value as a bigint when it is one beyond JS's exact range (Long, integral Decimal128, bigint). */
export function exactInteger(v: unknown): bigint | undefined {
  if (v instanceof BsonNumber) v = v.bson;
  if (typeof v === 'bigint') return v;
  const t = bsonTypeOf(v);
  if (t === 'Long') return BigInt(String(v));
  if (t === 'Decimal128') {
    const s = String(v);
    const m = /^([+-]?\d+)(?:\.(0*))?(?:E\+?(\d+))?$/i.exec(s);
    if (!m) return undefined;
    const digits = BigInt(m[1]!);
    return m[3] ? digits * 10n ** BigInt(m[3]) : digits;
  }
  return undefined;
}

function exactRemainder(v: unknown, d: number): bigint {
  if (!Number.isFinite(d) || Math.abs(d) < 2 ** 53) return 0n;
  const exact = exactInteger(v);
  return exact === undefined ? 0n : exact - BigInt(d);
}

class KeyWriter {
  private buf = Buffer.allocUnsafe(64);
  private len = 0;

  constructor(readonly maxBytes: number) {}

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.len++] = b;
  }

  bytes(src: Uint8Array): void {
    this.ensure(src.length);
    this.buf.set(src, this.len);
    this.len += src.length;
  }

  /** Bytes with 0x00 and 0x01 escaped, then a 0x00 terminator: keeps byte order and stays prefix-free. */
  escaped(src: Uint8Array): void {
    this.ensure(src.length * 2 + 1);
    for (const b of src) {
      if (b <= 1) {
        this.buf[this.len++] = 1;
        this.buf[this.len++] = b + 1;
      } else this.buf[this.len++] = b;
    }
    this.buf[this.len++] = 0;
  }

  double(n: number): void {
    this.ensure(8);
    const v = Number.isNaN(n) ? Number.NaN : n === 0 ? 0 : n; // -0 sorts as 0
    this.buf.writeDoubleBE(v, this.len);
    if (Number.isNaN(v)) {
      // MongoDB sorts NaN below every other number.
      this.buf.fill(0, this.len, this.len + 8);
    } else if (this.buf[this.len]! & 0x80) {
      for (let i = 0; i < 8; i++) this.buf[this.len + i] = ~this.buf[this.len + i]! & 0xff;
    } else {
      this.buf[this.len] = this.buf[this.len]! | 0x80;
    }
    this.len += 8;
  }

  /** Signed 64-bit integer, order-preserving (sign bit flipped, big-endian). */
  int64(n: bigint): void {
    this.ensure(8);
    const clamped =
      n > 0x7fffffffffffffffn ? 0x7fffffffffffffffn : n < -0x8000000000000000n ? -0x8000000000000000n : n;
    this.buf.writeBigUInt64BE(BigInt.asUintN(64, clamped) ^ 0x8000000000000000n, this.len);
    this.len += 8;
  }

  result(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.len));
  }

  get length(): number {
    return this.len;
  }

  invertFrom(start: number): void {
    for (let i = start; i < this.len; i++) this.buf[i] = ~this.buf[i]! & 0xff;
  }
}

function writeValue(w: KeyWriter, v: unknown): void {
  const rank = typeRank(v);
  w.byte(rank);
  switch (rank) {
    case TypeRank.null:
    case TypeRank.minKey:
    case TypeRank.maxKey:
      return;
    case TypeRank.number: {
      // the nearest double, then the exact remainder for integers beyond 2^53 (Long, big Decimal128)
      const d = toDouble(v);
      w.double(d);
      w.int64(exactRemainder(v, d));
      return;
    }
    case TypeRank.string: {
      let bytes = Buffer.from(String(typeof v === 'string' ? v : (v as { value: string }).value), 'utf8');
      if (bytes.length > w.maxBytes) bytes = bytes.subarray(0, w.maxBytes);
      w.escaped(bytes);
      return;
    }
    case TypeRank.boolean:
      w.byte(v ? 1 : 0);
      return;
    case TypeRank.date:
      w.double((v as Date).getTime());
      return;
    case TypeRank.objectId:
      w.bytes((v as ObjectId).id);
      return;
    case TypeRank.binData: {
      const bin = v instanceof Binary ? v : bsonTypeOf(v) === 'Binary' ? (v as Binary) : undefined;
      const data = bin ? bin.buffer.subarray(0, bin.position) : (v as Uint8Array);
      const head = Buffer.allocUnsafe(5);
      head.writeUInt32BE(data.length, 0);
      head[4] = bin ? bin.sub_type : 0;
      w.bytes(head);
      w.escaped(data.length > w.maxBytes ? data.subarray(0, w.maxBytes) : data);
      return;
    }
    case TypeRank.timestamp: {
      const ts = v as Timestamp;
      const b = Buffer.allocUnsafe(8);
      b.writeUInt32BE(ts.high >>> 0, 0);
      b.writeUInt32BE(ts.low >>> 0, 4);
      w.bytes(b);
      return;
    }
    case TypeRank.regex: {
      const source = v instanceof RegExp ? v.source : (v as BSONRegExp).pattern;
      const flags = v instanceof RegExp ? v.flags : (v as BSONRegExp).options;
      w.escaped(Buffer.from(source, 'utf8'));
      w.escaped(Buffer.from(flags, 'utf8'));
      return;
    }
    case TypeRank.array:
      for (const item of v as unknown[]) writeValue(w, item);
      w.byte(0);
      return;
    default: {
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
        if (item === undefined) continue;
        // a field's type rank leads, then its name, then its value: MongoDB's object order
        w.byte(typeRank(item));
        w.escaped(Buffer.from(k, 'utf8'));
        writeValue(w, item);
      }
      w.byte(0);
    }
  }
}

/** Encodes one value; descending components are complemented so ascending byte order reverses. */
export function encodeKey(values: unknown[], directions?: number[], full = false): Buffer {
  const w = new KeyWriter(full ? Number.MAX_SAFE_INTEGER : MAX_INDEXED_STRING_BYTES);
  values.forEach((v, i) => {
    const start = w.length;
    writeValue(w, v);
    if (directions && (directions[i] ?? 1) < 0) w.invertFrom(start);
  });
  return w.result();
}

export const encodeValue = (v: unknown): Buffer => encodeKey([v]);

/** MongoDB's comparison of two values (no array unwinding): negative, zero or positive. */
export const compareValues = (a: unknown, b: unknown): number =>
  Buffer.compare(encodeKey([a], undefined, true), encodeKey([b], undefined, true));

/** Whether a value's key encoding was shortened (then equality must be confirmed on the document). */
export function isTruncated(v: unknown): boolean {
  // at the limit counts too: such a key equals the shortened key of every longer value with that prefix
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8') >= MAX_INDEXED_STRING_BYTES;
  if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
    if (bsonTypeOf(v) === 'Binary') return (v as Binary).position >= MAX_INDEXED_STRING_BYTES;
    if (Array.isArray(v)) return v.some(isTruncated);
    if (!bsonTypeOf(v)) return Object.values(v as object).some(isTruncated);
  }
  return false;
}

/** Smallest byte string greater than every key starting with prefix. */
export function prefixEnd(prefix: Buffer): Buffer {
  const end = Buffer.from(prefix);
  for (let i = end.length - 1; i >= 0; i--) {
    if (end[i]! < 0xff) {
      end[i] = end[i]! + 1;
      return end.subarray(0, i + 1);
    }
  }
  return Buffer.concat([prefix, Buffer.from([0xff])]);
}

/**
 * The storage key of an _id: its order-preserving encoding, and when that had to shorten a long string the
 * SHA-1 of the full encoding after it (unique, and still inside the key range of the shortened value, which is
 * what the planner scans for an equality).
 */
export function encodeStorageId(id: unknown): Buffer {
  const short = encodeKey([id]);
  if (!isTruncated(id)) return short;
  const full = encodeKey([id], undefined, true);
  return Buffer.concat([short, createHash('sha1').update(full).digest()]);
}
