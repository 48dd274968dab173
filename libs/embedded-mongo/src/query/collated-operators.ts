// Expression operators and accumulators under a command's collation: $eq, $ne, $gt, $gte, $lt, $lte, $cmp,
// $in, $indexOfArray, the set operators, $max and $min compare strings (at any depth) with the collator, and
// $addToSet keeps one of the strings it calls equal, as MongoDB does inside $expr, $project, $group and
// $lookup pipelines. Without a collation every operator is the one it wraps.
import { evalExpr } from 'mingo/core';
import * as accumulatorOps from 'mingo/operators/accumulator';
import type { Options } from 'mingo/types';
import { compareValues, encodeKey, typeRank } from '../storage/key-encoding';
import { unwrapNumber } from '../storage/bson-number';
import { collatorFromOptions } from './collation';
import { CollationKeys } from './collation-keys';
import { isPlainObject } from './paths';

type ExpressionOp = (obj: unknown, expr: unknown, options: Options) => unknown;
type AccumulatorOp = (coll: unknown[], expr: unknown, options: Options) => unknown;

const pushValues = accumulatorOps.$push as unknown as AccumulatorOp;

/** MongoDB's order of two values, strings (also inside arrays and documents) compared by the collator. */
export function collatedCompare(a: unknown, b: unknown, collator: Intl.Collator): number {
  if (typeof a === 'string' && typeof b === 'string') return Math.sign(collator.compare(a, b));
  const x = unwrapNumber(a);
  const y = unwrapNumber(b);
  if (typeRank(x) !== typeRank(y)) return compareValues(x, y);
  if (Array.isArray(x) && Array.isArray(y)) {
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const c = collatedCompare(x[i], y[i], collator);
      if (c) return c;
    }
    return Math.sign(x.length - y.length);
  }
  if (isPlainObject(x) && isPlainObject(y)) {
    const ex = Object.entries(x).filter(([, v]) => v !== undefined);
    const ey = Object.entries(y).filter(([, v]) => v !== undefined);
    for (let i = 0; i < Math.min(ex.length, ey.length); i++) {
      const [kx, vx] = ex[i]!;
      const [ky, vy] = ey[i]!;
      const c =
        Math.sign(typeRank(unwrapNumber(vx)) - typeRank(unwrapNumber(vy))) ||
        Math.sign(Buffer.compare(Buffer.from(kx), Buffer.from(ky))) ||
        collatedCompare(vx, vy, collator);
      if (c) return c;
    }
    return Math.sign(ex.length - ey.length);
  }
  return compareValues(x, y);
}

const args = (obj: unknown, expr: unknown, options: Options): unknown[] | undefined => {
  const v = evalExpr(obj, expr, options);
  return Array.isArray(v) ? v : undefined;
};

/** A comparison operator on two values; a missing operand keeps the wrapped operator's own rules. */
const comparison =
  (answer: (c: number) => unknown) =>
  (base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const collator = collatorFromOptions(options);
    if (!collator) return base(obj, expr, options);
    const list = args(obj, expr, options);
    if (!list || list.length !== 2 || list.some((v) => v === undefined)) return base(obj, expr, options);
    return answer(collatedCompare(list[0], list[1], collator));
  };

const $in =
  (base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const collator = collatorFromOptions(options);
    const list = collator ? args(obj, expr, options) : undefined;
    if (!collator || !list || list.length !== 2 || !Array.isArray(list[1])) return base(obj, expr, options);
    return list[1].some((v) => collatedCompare(v, list[0], collator) === 0);
  };

const isIndex = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0);

const $indexOfArray =
  (base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const collator = collatorFromOptions(options);
    const list = collator ? args(obj, expr, options) : undefined;
    if (!collator || !list || !Array.isArray(list[0]) || !isIndex(list[2]) || !isIndex(list[3]))
      return base(obj, expr, options);
    const [array, search, start = 0, end] = list as [unknown[], unknown, number, number | undefined];
    const stop = Math.min(end ?? array.length, array.length);
    for (let i = start; i < stop; i++) if (collatedCompare(array[i], search, collator) === 0) return i;
    return -1;
  };

/** Set operators: strings become their collation representative, then the wrapped operator compares. */
const setOperator =
  (base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const collator = collatorFromOptions(options);
    const list = collator ? args(obj, expr, options) : undefined;
    if (!collator || !list || !list.every((a) => Array.isArray(a))) return base(obj, expr, options);
    const keys = new CollationKeys(collator);
    return base(
      obj,
      list.map((a) => ({ $literal: (a as unknown[]).map((v) => keys.canonical(v)) })),
      options,
    );
  };

function extreme(values: unknown[], collator: Intl.Collator, sign: 1 | -1): unknown {
  let best: unknown = null;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (best === null || collatedCompare(v, best, collator) * sign > 0) best = v;
  }
  return best;
}

/** $max / $min as expressions: over their arguments, or over the elements of a single array argument. */
const extremeExpression =
  (sign: 1 | -1) =>
  (base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const collator = collatorFromOptions(options);
    if (!collator) return base(obj, expr, options);
    const v = evalExpr(obj, expr, options);
    const values = Array.isArray(v) ? (v.length === 1 && Array.isArray(v[0]) ? v[0] : v) : [v];
    return extreme(values as unknown[], collator, sign);
  };

const extremeAccumulator =
  (sign: 1 | -1) =>
  (base: AccumulatorOp): AccumulatorOp =>
  (coll, expr, options) => {
    const collator = collatorFromOptions(options);
    if (!collator) return base(coll, expr, options);
    // as an expression ($max: [a, b]) mingo passes the evaluated values with no expression; $push reads both
    return extreme(pushValues(coll, expr, options) as unknown[], collator, sign);
  };

const addToSet =
  (base: AccumulatorOp): AccumulatorOp =>
  (coll, expr, options) => {
    const collator = collatorFromOptions(options);
    const values = base(coll, expr, options);
    if (!collator || !Array.isArray(values)) return values;
    const keys = new CollationKeys(collator);
    const seen = new Set<string>();
    return values.filter((v) => {
      const k = encodeKey([keys.canonical(v)], undefined, true).toString('latin1');
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };

const EXPRESSIONS: Record<string, (base: ExpressionOp) => ExpressionOp> = {
  $eq: comparison((c) => c === 0),
  $ne: comparison((c) => c !== 0),
  $gt: comparison((c) => c > 0),
  $gte: comparison((c) => c >= 0),
  $lt: comparison((c) => c < 0),
  $lte: comparison((c) => c <= 0),
  $cmp: comparison((c) => c),
  $in,
  $indexOfArray,
  $setUnion: setOperator,
  $setIntersection: setOperator,
  $setDifference: setOperator,
  $setEquals: setOperator,
  $setIsSubset: setOperator,
  $max: extremeExpression(1),
  $min: extremeExpression(-1),
};

const ACCUMULATORS: Record<string, (base: AccumulatorOp) => AccumulatorOp> = {
  $max: extremeAccumulator(1),
  $min: extremeAccumulator(-1),
  $addToSet: addToSet,
};

/** The expression operators, those that compare values made to follow the command's collation. */
export function collatedExpressions<T extends Record<string, unknown>>(ops: T): T {
  const out: Record<string, unknown> = { ...ops };
  for (const [name, wrap] of Object.entries(EXPRESSIONS))
    if (typeof out[name] === 'function') out[name] = wrap(out[name] as ExpressionOp);
  return out as T;
}

/** The accumulators, $max, $min and $addToSet made to follow the command's collation. */
export function collatedAccumulators<T extends Record<string, unknown>>(ops: T): T {
  const out: Record<string, unknown> = { ...ops };
  for (const [name, wrap] of Object.entries(ACCUMULATORS))
    if (typeof out[name] === 'function') out[name] = wrap(out[name] as AccumulatorOp);
  return out as T;
}
