// Query and pipeline operators where mingo's behaviour differs from MongoDB's, wrapped or replaced.
import type { Document } from 'bson';
import { Lazy } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import * as queryOps from 'mingo/operators/query';
import { ErrorCodes, MongoServerError } from '../errors';
import { compareValues, encodeKey, typeRank, TypeRank } from './key-encoding';
import { isPlainObject, pathValues } from '../query/paths';
import { collatorFromOptions } from '../query/collation';

type QueryOp = (selector: string, value: unknown, options: Options) => (obj: Document) => boolean;

const containsObject = (v: unknown): boolean =>
  isPlainObject(v) || (Array.isArray(v) && v.some(containsObject));

/** MongoDB compares embedded documents field by field in order; mingo ignores field order. */
function orderedEqual(obj: Document, selector: string, value: unknown): boolean {
  const candidates = [...pathValues(obj, selector, false), ...pathValues(obj, selector, true)];
  return candidates.some((v) => v !== undefined && compareValues(v, value) === 0);
}

const mingoEq = queryOps.$eq as unknown as QueryOp;

const bothValues = (obj: Document, selector: string): unknown[] => {
  const whole = pathValues(obj, selector, false);
  const leaves = pathValues(obj, selector, true);
  return whole.length === 1 && whole[0] === leaves[0] ? leaves : [...whole, ...leaves];
};

export const $eq: QueryOp = (selector, value, options) => {
  const collator = typeof value === 'string' ? collatorFromOptions(options) : undefined;
  if (collator)
    return (obj) =>
      bothValues(obj, selector).some(
        (v) => typeof v === 'string' && collator.compare(v, value as string) === 0,
      );
  // numbers compare by value across types (2 == 2.0 == NumberLong(2) == NumberDecimal('2.0')), whichever form
  // (JS number, BSON wrapper, BsonNumber, bigint) either side has
  if (typeRank(value) === TypeRank.number && value !== null && value !== undefined)
    return (obj) =>
      bothValues(obj, selector).some((v) => {
        if (v === value) return true;
        if (typeof v === 'number' && typeof value === 'number') return v !== v && value !== value; // NaN
        return v !== undefined && typeRank(v) === TypeRank.number && compareValues(v, value) === 0;
      });
  const base = mingoEq(selector, value, options);
  if (!containsObject(value)) return base;
  return (obj) => base(obj) && orderedEqual(obj, selector, value);
};

export const $ne: QueryOp = (selector, value, options) => {
  const eq = $eq(selector, value, options);
  return (obj) => !eq(obj);
};

const toNumber = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  const t = (v as { _bsontype?: string })?._bsontype;
  if (t === 'Long' || t === 'Int32' || t === 'Double') return Number(String(v));
  return undefined;
};

/** $mod matches numbers only (mingo also matched null), truncating towards zero as MongoDB does. */
export const $mod: QueryOp = (selector, value) => {
  if (!Array.isArray(value) || value.length !== 2)
    throw new MongoServerError(
      ErrorCodes.BadValue,
      `malformed mod, ${Array.isArray(value) && value.length < 2 ? 'not enough' : 'too many'} elements`,
    );
  const divisor = Math.trunc(toNumber(value[0]) ?? Number.NaN);
  const remainder = Math.trunc(toNumber(value[1]) ?? Number.NaN);
  if (!Number.isFinite(divisor) || !Number.isFinite(remainder))
    throw new MongoServerError(ErrorCodes.BadValue, 'malformed mod, divisor and remainder must be numbers');
  if (divisor === 0) throw new MongoServerError(ErrorCodes.BadValue, 'divisor cannot be 0');
  return (obj) =>
    pathValues(obj, selector, true).some((v) => {
      const n = toNumber(v);
      return n !== undefined && Number.isFinite(n) && Math.trunc(n) % divisor === remainder;
    });
};

type PipelineOp = (
  coll: { transform(fn: (xs: unknown[]) => unknown): unknown },
  expr: unknown,
  options: Options,
) => unknown;

/** $sample draws distinct documents (mingo draws with replacement). */
export const $sample: PipelineOp = (coll, expr) => {
  const size = Number((expr as { size?: unknown })?.size);
  if (!Number.isInteger(size) || size < 0)
    throw new MongoServerError(28749, '$sample stage must specify a size');
  return coll.transform((xs) => {
    const pool = xs.slice();
    const n = Math.min(size, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(Math.random() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return Lazy(pool.slice(0, n));
  });
};

/**
 * $gt/$gte/$lt/$lte with MongoDB's rules: only values of the same canonical type compare (type bracketing),
 * numbers compare exactly across Int32/Int64/Double/Decimal128, documents field by field in order.
 */
function comparison(test: (c: number) => boolean): QueryOp {
  return (selector, value, options) => {
    const collator = typeof value === 'string' ? collatorFromOptions(options) : undefined;
    if (collator)
      return (obj) =>
        bothValues(obj, selector).some(
          (v) => typeof v === 'string' && test(collator.compare(v, value as string)),
        );
    if (value instanceof RegExp)
      throw new MongoServerError(
        ErrorCodes.BadValue,
        `Can't have RegEx as arg to predicate over field '${selector}'.`,
      );
    const rank = typeRank(value);
    const key = encodeKey([value], undefined, true);
    // NaN sorts below every number but compares equal only to NaN: it is never less or greater than a number
    const isNaNValue = Number.isNaN(toNumberOrUndefined(value));
    const orEqual = test(0);
    return (obj) =>
      bothValues(obj, selector).some(
        (v) =>
          typeRank(v) === rank &&
          (rank !== TypeRank.number ||
            (Number.isNaN(toNumberOrUndefined(v)) ? isNaNValue && orEqual : !isNaNValue)) &&
          (v !== undefined || rank === TypeRank.null) &&
          test(Buffer.compare(encodeKey([v], undefined, true), key)),
      );
  };
}

export const $gt = comparison((c) => c > 0);
export const $gte = comparison((c) => c >= 0);
export const $lt = comparison((c) => c < 0);
export const $lte = comparison((c) => c <= 0);

const isRegex = (v: unknown): v is RegExp => v instanceof RegExp;

function toNumberOrUndefined(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  if (t === 'Double' || t === 'Int32') return Number((v as { valueOf(): number }).valueOf());
  if (t === 'Decimal128') return Number.parseFloat(String(v));
  return undefined;
}

/** $in: equality (exact across number types, order-sensitive for documents) with any listed value or regex. */
export const $in: QueryOp = (selector, value, options) => {
  if (!Array.isArray(value)) throw new MongoServerError(ErrorCodes.BadValue, '$in needs an array');
  const regexes = value.filter(isRegex);
  const collator = collatorFromOptions(options);
  const strings = collator ? value.filter((v): v is string => typeof v === 'string') : [];
  const keys = new Set(
    value.filter((v) => !isRegex(v)).map((v) => encodeKey([v], undefined, true).toString('latin1')),
  );
  return (obj) =>
    bothValues(obj, selector).some(
      (v) =>
        (typeof v === 'string' && strings.some((w) => collator!.compare(v, w) === 0)) ||
        keys.has(encodeKey([v], undefined, true).toString('latin1')) ||
        (typeof v === 'string' && regexes.some((re) => re.test(v))),
    );
};

export const $nin: QueryOp = (selector, value, options) => {
  if (!Array.isArray(value)) throw new MongoServerError(ErrorCodes.BadValue, '$nin needs an array');
  const inList = $in(selector, value, options);
  return (obj) => !inList(obj);
};
