// MongoDB's BSON type names for $type, computed from the stored (exactly typed) document when available.
import { deserialize } from 'bson';
import { pathValues } from '../query/paths';
import { BsonNumber } from './bson-number';

/** Non-enumerable link from a matchable document to its stored bytes (for exact numeric types). */
export const RAW = Symbol('embedded-mongo.raw');
const TYPED = Symbol('embedded-mongo.typed');

export function attachRaw<T extends object>(doc: T, raw: Uint8Array): T {
  Object.defineProperty(doc, RAW, { value: raw, enumerable: false, configurable: true });
  return doc;
}

export function typedOf(doc: unknown): Record<string, unknown> | undefined {
  if (!doc || typeof doc !== 'object') return undefined;
  const holder = doc as { [RAW]?: Uint8Array; [TYPED]?: Record<string, unknown> };
  if (holder[TYPED]) return holder[TYPED];
  const raw = holder[RAW];
  if (!raw) return undefined;
  const typed = deserialize(raw, { promoteValues: false, promoteBuffers: false });
  Object.defineProperty(doc, TYPED, { value: typed, enumerable: false, configurable: true });
  return typed;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export function bsonTypeName(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (v instanceof BsonNumber) return v.kind;
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX
        ? 'int'
        : Number.isInteger(v) && Math.abs(v) > INT32_MAX && Number.isSafeInteger(v)
          ? 'long'
          : 'double';
    case 'bigint':
      return 'long';
  }
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  if (Array.isArray(v)) return 'array';
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return 'binData';
  switch ((v as { _bsontype?: string })._bsontype) {
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    case 'ObjectId':
      return 'objectId';
    case 'Binary':
      return 'binData';
    case 'Timestamp':
      return 'timestamp';
    case 'BSONRegExp':
      return 'regex';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'Code':
      return 'javascript';
    case 'BSONSymbol':
      return 'symbol';
    case 'DBRef':
      return 'object';
  }
  return 'object';
}

const ALIASES: Record<string, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  13: 'javascript',
  14: 'symbol',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};

export function typeMatches(v: unknown, wanted: unknown): boolean {
  const name = typeof wanted === 'number' ? ALIASES[wanted] : String(wanted);
  if (name === 'number') return ['int', 'long', 'double', 'decimal'].includes(bsonTypeName(v));
  return bsonTypeName(v) === name;
}

/** Values at a path for $type: typed values from the stored document when the path reaches plain numbers. */
export function typedPathValues(root: unknown, path: string): unknown[] {
  const typed = typedOf(root);
  return pathValues(typed ?? root, path, false);
}
