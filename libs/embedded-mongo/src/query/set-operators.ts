// The set expressions, $indexOfArray and the $addToSet accumulator, with equality as MongoDB compares values:
// 2, 2.0 and NumberLong(2) are one value, and so are documents whose fields compare equal. mingo compares
// with its own equality (a double 2.0, held as a BsonNumber, is not an int32 2), so these replace its
// operators; anything but arrays (null, missing, wrong types) still goes to mingo for its answer or error.
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import { compareValues, encodeKey } from '../storage/key-encoding';

type ExpressionOp = (obj: unknown, expr: unknown, options: Options) => unknown;
type AccumulatorOp = (coll: unknown[], expr: unknown, options: Options) => unknown;

const ops = expressionOps as unknown as Record<string, ExpressionOp>;
const keyOf = (value: unknown) => encodeKey([value], undefined, true).toString('latin1');

/** The distinct values of a list, first occurrence kept, in order. */
function distinct(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = keyOf(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const keysOf = (values: unknown[]) => new Set(values.map(keyOf));

interface Arity {
  min: number;
  max?: number;
  /** $setUnion, $setIntersection and $setDifference answer null when an argument is null or missing. */
  nullWhenMissing?: boolean;
}

/**
 * An operator over arrays only: when it has as many arguments as it takes and every one is an array, it answers
 * here; otherwise mingo gives its answer or its error.
 */
const overArrays =
  (name: string, arity: Arity, answer: (arrays: unknown[][]) => unknown): ExpressionOp =>
  (obj, expr, options) => {
    const args = evalExpr(obj, expr, options);
    if (Array.isArray(args) && args.length >= arity.min && args.length <= (arity.max ?? Infinity)) {
      if (args.every((a) => Array.isArray(a))) return answer(args as unknown[][]);
      if (arity.nullWhenMissing && args.some((a) => a === null || a === undefined)) return null;
    }
    return ops[name]!(obj, expr, options);
  };

const $setUnion = overArrays('$setUnion', { min: 0, nullWhenMissing: true }, (arrays) =>
  distinct(arrays.flat()),
);

const $setIntersection = overArrays(
  '$setIntersection',
  { min: 1, nullWhenMissing: true },
  ([first, ...rest]) => {
    const others = rest.map(keysOf);
    return distinct(first!).filter((v) => others.every((keys) => keys.has(keyOf(v))));
  },
);

const $setDifference = overArrays(
  '$setDifference',
  { min: 2, max: 2, nullWhenMissing: true },
  ([first, second]) => {
    const removed = keysOf(second!);
    return distinct(first!).filter((v) => !removed.has(keyOf(v)));
  },
);

const sameKeys = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));

const $setEquals = overArrays('$setEquals', { min: 2 }, (arrays) => {
  const [first, ...rest] = arrays.map(keysOf);
  return rest.every((keys) => sameKeys(first!, keys));
});

const $setIsSubset = overArrays('$setIsSubset', { min: 2, max: 2 }, ([subset, superset]) => {
  const keys = keysOf(superset!);
  return subset!.every((v) => keys.has(keyOf(v)));
});

const isIndex = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0);

/** $indexOfArray: [array, search, start?, end?]; the first index whose element equals the search value. */
const $indexOfArray: ExpressionOp = (obj, expr, options) => {
  const args = evalExpr(obj, expr, options);
  if (Array.isArray(args) && Array.isArray(args[0]) && isIndex(args[2]) && isIndex(args[3])) {
    const [array, search, start = 0, end] = args as [unknown[], unknown, number, number | undefined];
    const stop = Math.min(end ?? array.length, array.length);
    for (let i = start; i < stop; i++) if (compareValues(array[i], search) === 0) return i;
    return -1;
  }
  return ops.$indexOfArray!(obj, expr, options);
};

const pushValues = accumulatorOps.$push as unknown as AccumulatorOp;

/** Stands for a missing value inside $addToSet ($push turns missing into null, which is a value of its own). */
const MISSING = '\u0000embedded-mongo:missing';

/** $addToSet: each distinct value of the group once, in the order first seen; a missing value adds nothing. */
const $addToSet: AccumulatorOp = (coll, expr, options) => {
  const marked = { $cond: [{ $eq: [{ $type: expr }, 'missing'] }, { $literal: MISSING }, expr] };
  return distinct((pushValues(coll, marked, options) as unknown[]).filter((v) => v !== MISSING));
};

export const setExpressionOperators: Record<string, ExpressionOp> = {
  $setUnion,
  $setIntersection,
  $setDifference,
  $setEquals,
  $setIsSubset,
  $indexOfArray,
};

export const setAccumulators: Record<string, AccumulatorOp> = { $addToSet };
