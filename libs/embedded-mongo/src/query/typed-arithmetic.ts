// Aggregation arithmetic and accumulators with MongoDB's numeric typing: the result has the widest operand type
// (int32 < int64 < double < decimal); int32 results that overflow widen to int64 and int64 results that
// overflow become doubles; integer sums are exact (bigint) whatever their size and Decimal128 arithmetic is
// exact decimal arithmetic. Operands arrive as plain numbers or BsonNumber (see storage/bson-number.ts).
import type { Long } from 'bson';
import { Decimal128 } from 'bson';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import { ErrorCodes, MongoServerError } from '../errors';
import { compareValues } from '../storage/key-encoding';
import {
  BsonNumber,
  decimalValue,
  doubleValue,
  kindOf,
  longValue,
  type NumericKind,
} from '../storage/bson-number';

type ExpressionOp = (obj: unknown, expr: unknown, options: Options) => unknown;
type AccumulatorOp = (coll: unknown[], expr: unknown, options: Options) => unknown;

const RANK: Record<NumericKind, number> = { int: 0, long: 1, double: 2, decimal: 3 };
const widest = (kinds: NumericKind[]): NumericKind =>
  kinds.reduce<NumericKind>((a, b) => (RANK[b] > RANK[a] ? b : a), 'int');

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const isNil = (v: unknown): boolean => v === null || v === undefined;

/** Exact decimal: coef × 10^exp. */
interface Dec {
  coef: bigint;
  exp: number;
}

function parseDec(s: string): Dec | undefined {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m) return undefined;
  const frac = m[3] ?? '';
  const coef = BigInt(`${m[2]}${frac}`) * (m[1] === '-' ? -1n : 1n);
  return { coef, exp: Number(m[4] ?? 0) - frac.length };
}

const exactOf = (v: unknown): unknown => (v instanceof BsonNumber ? v.bson : v);

/** An integer operand (int32 or int64) as bigint. */
const intOf = (v: unknown): bigint => {
  const x = exactOf(v);
  return typeof x === 'number' ? BigInt(x) : BigInt((x as Long).toString());
};

const doubleOf = (v: unknown): number => Number(v);

/** Any numeric operand as an exact decimal (doubles as MongoDB converts them: 15 significant digits). */
function decOf(v: unknown): Dec | undefined {
  const kind = kindOf(v);
  if (kind === 'int' || kind === 'long') return { coef: intOf(v), exp: 0 };
  if (kind === 'decimal') return parseDec((exactOf(v) as Decimal128).toString());
  const d = doubleOf(v);
  return Number.isFinite(d) ? parseDec(d.toPrecision(15)) : undefined;
}

const decimalResult = (d: Dec | undefined, special?: string): BsonNumber =>
  decimalValue(
    d ? Decimal128.fromStringWithRounding(`${d.coef}E${d.exp}`) : Decimal128.fromString(special ?? 'NaN'),
  );

/**
 * x / y as IEEE 754 decimal division: rounded to 34 significant digits, and when exact, with the exponent
 * closest to x.exp - y.exp (so 1 / 4 is 0.25 and 0.6 / 3 is 0.2, without trailing zeros).
 */
function divideDec(x: Dec, y: Dec): Dec {
  const scale = 40n;
  const numerator = x.coef * 10n ** scale;
  let coef = numerator / y.coef;
  let exp = x.exp - y.exp - Number(scale);
  if (numerator % y.coef === 0n) {
    const ideal = x.exp - y.exp;
    while (exp < ideal && coef % 10n === 0n) {
      coef /= 10n;
      exp++;
    }
  }
  return { coef, exp };
}

/** The number a JS value stands for in MongoDB's terms, after integer arithmetic of the given kind. */
function integerResult(n: bigint, kind: 'int' | 'long'): unknown {
  if (kind === 'int' && n >= INT32_MIN && n <= INT32_MAX) return Number(n);
  if (n >= INT64_MIN && n <= INT64_MAX) return longValue(n);
  return doubleValue(Number(n));
}

const typeName = (v: unknown): string => {
  if (v === null) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Date) return 'date';
  if (Array.isArray(v)) return 'array';
  return kindOf(v) ?? 'object';
};

function evalArgs(obj: unknown, expr: unknown, options: Options, op: string, count?: number): unknown[] {
  const args = evalExpr(obj, expr, options);
  const list = Array.isArray(args) ? (args as unknown[]) : [args];
  if (count !== undefined && list.length !== count)
    throw new MongoServerError(
      16020,
      `Expression ${op} takes exactly ${count} arguments. ${list.length} were passed in.`,
    );
  return list;
}

/** Sum or product of numbers of any kind, typed as MongoDB types it. */
function combine(values: unknown[], op: '+' | '*'): unknown {
  const kind = widest(values.map((v) => kindOf(v)!));
  if (kind === 'decimal') {
    const decs = values.map(decOf);
    if (decs.some((d) => !d)) return decimalResult(undefined);
    let acc = op === '+' ? { coef: 0n, exp: 0 } : { coef: 1n, exp: 0 };
    for (const d of decs as Dec[]) {
      if (op === '*') acc = { coef: acc.coef * d.coef, exp: acc.exp + d.exp };
      else {
        const exp = Math.min(acc.exp, d.exp);
        acc = {
          coef: acc.coef * 10n ** BigInt(acc.exp - exp) + d.coef * 10n ** BigInt(d.exp - exp),
          exp,
        };
      }
    }
    return decimalResult(acc);
  }
  if (kind === 'double') {
    let acc = op === '+' ? 0 : 1;
    for (const v of values) acc = op === '+' ? acc + doubleOf(v) : acc * doubleOf(v);
    return doubleValue(acc);
  }
  let acc = op === '+' ? 0n : 1n;
  for (const v of values) acc = op === '+' ? acc + intOf(v) : acc * intOf(v);
  return integerResult(acc, kind);
}

function negate(v: unknown): unknown {
  switch (kindOf(v)) {
    case 'decimal': {
      const d = decOf(v);
      return d ? decimalResult({ coef: -d.coef, exp: d.exp }) : v;
    }
    case 'double':
      return doubleValue(-doubleOf(v));
    default:
      return integerResult(-intOf(v), 'long');
  }
}

export const $add: ExpressionOp = (obj, expr, options) => {
  const args = evalArgs(obj, expr, options, '$add');
  let date: Date | undefined;
  const nums: unknown[] = [];
  for (const a of args) {
    if (isNil(a)) return null;
    if (a instanceof Date) {
      if (date) throw new MongoServerError(16612, 'only one date allowed in an $add expression');
      date = a;
    } else if (kindOf(a)) nums.push(a);
    else throw new MongoServerError(16554, `$add only supports numeric or date types, not ${typeName(a)}`);
  }
  if (!nums.length) return date ?? 0;
  const sum = combine(nums, '+');
  return date ? new Date(date.getTime() + Math.round(Number(sum))) : sum;
};

export const $multiply: ExpressionOp = (obj, expr, options) => {
  const args = evalArgs(obj, expr, options, '$multiply');
  for (const a of args) {
    if (isNil(a)) return null;
    if (!kindOf(a))
      throw new MongoServerError(16555, `$multiply only supports numeric types, not ${typeName(a)}`);
  }
  return args.length ? combine(args, '*') : 1;
};

export const $subtract: ExpressionOp = (obj, expr, options) => {
  const [a, b] = evalArgs(obj, expr, options, '$subtract', 2);
  if (isNil(a) || isNil(b)) return null;
  if (a instanceof Date && b instanceof Date) return longValue(BigInt(a.getTime() - b.getTime()));
  if (a instanceof Date && kindOf(b)) return new Date(a.getTime() - Math.round(Number(b)));
  if (kindOf(a) && kindOf(b)) return combine([a, negate(b)], '+');
  throw new MongoServerError(
    16556,
    `cant $subtract a${b instanceof Date ? ' date' : ` ${typeName(b)}`} from a ${typeName(a)}`,
  );
};

export const $divide: ExpressionOp = (obj, expr, options) => {
  const [a, b] = evalArgs(obj, expr, options, '$divide', 2);
  if (isNil(a) || isNil(b)) return null;
  if (!kindOf(a) || !kindOf(b))
    throw new MongoServerError(
      16609,
      `$divide only supports numeric types, not ${typeName(a)} and ${typeName(b)}`,
    );
  if (Number(b) === 0) throw new MongoServerError(ErrorCodes.BadValue, "can't $divide by zero");
  if (kindOf(a) === 'decimal' || kindOf(b) === 'decimal') {
    const x = decOf(a);
    const y = decOf(b);
    if (!x || !y) return decimalResult(undefined);
    return decimalResult(divideDec(x, y));
  }
  return doubleValue(doubleOf(a) / doubleOf(b));
};

export const $mod: ExpressionOp = (obj, expr, options) => {
  const [a, b] = evalArgs(obj, expr, options, '$mod', 2);
  if (isNil(a) || isNil(b)) return null;
  if (!kindOf(a) || !kindOf(b))
    throw new MongoServerError(
      16611,
      `$mod only supports numeric types, not ${typeName(a)} and ${typeName(b)}`,
    );
  if (Number(b) === 0) throw new MongoServerError(16610, "can't $mod by 0");
  const kind = widest([kindOf(a)!, kindOf(b)!]);
  if (kind === 'decimal') {
    const x = decOf(a);
    const y = decOf(b);
    if (!x || !y) return decimalResult(undefined);
    const exp = Math.min(x.exp, y.exp);
    const scale = (d: Dec) => d.coef * 10n ** BigInt(d.exp - exp);
    return decimalResult({ coef: scale(x) % scale(y), exp });
  }
  if (kind === 'double') return doubleValue(doubleOf(a) % doubleOf(b));
  return integerResult(intOf(a) % intOf(b), kind);
};

export const $abs: ExpressionOp = (obj, expr, options) => {
  const [a] = evalArgs(obj, expr, options, '$abs', 1);
  if (isNil(a)) return null;
  const kind = kindOf(a);
  if (!kind) throw new MongoServerError(28765, `$abs only supports numeric types, not ${typeName(a)}`);
  if (Number(a) >= 0 && !Object.is(Number(a), -0)) return a;
  return negate(a);
};

/** Evaluated arguments as mingo's own operator expects them: plain numbers, in the shape they were written. */
const plainArgs = (expr: unknown, args: unknown[]): unknown => {
  const plain = args.map((x) => (x instanceof BsonNumber ? Number(x) : x));
  return Array.isArray(expr) ? plain : plain[0];
};

/** Unary operators whose result keeps the operand's type ($ceil, $floor, $round, $trunc). */
const typePreserving =
  (name: string, base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const args = evalArgs(obj, expr, options, name);
    const [a] = args;
    const kind = kindOf(a);
    if (!kind || kind === 'int' || (kind === 'long' && args.length < 2)) {
      if (kind === 'long') return a;
      return base(obj, plainArgs(expr, args), options);
    }
    const plain = base(obj, plainArgs(expr, args), options);
    if (typeof plain !== 'number') return plain;
    if (kind === 'decimal') return decimalValue(Decimal128.fromStringWithRounding(String(plain)));
    if (kind === 'long') return longValue(BigInt(Math.trunc(plain)));
    return doubleValue(plain);
  };

/** Operators whose result is a double (a decimal for decimal input): $sqrt, $exp, $ln, $log, $log10, $pow. */
const doubleResult =
  (name: string, base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const args = evalArgs(obj, expr, options, name);
    const plain = base(obj, plainArgs(expr, args), options);
    if (typeof plain !== 'number') return plain;
    if (args.some((a) => kindOf(a) === 'decimal'))
      return decimalValue(Decimal128.fromStringWithRounding(String(plain)));
    if (name === '$pow' && args.every((a) => kindOf(a) === 'int' || kindOf(a) === 'long')) {
      // int ^ non-negative int stays an integer when exact
      if (Number.isSafeInteger(plain))
        return integerResult(BigInt(plain), widest(args.map((a) => kindOf(a)!)) as 'int' | 'long');
    }
    return doubleValue(plain);
  };

/** Conversions: $toDouble, $toLong, $toDecimal, $toInt read BsonNumber exactly and produce the target type. */
const conversion =
  (target: NumericKind): ExpressionOp =>
  (obj, expr, options) => {
    const [a] = evalArgs(obj, expr, options, '$convert');
    if (isNil(a)) return null;
    const kind = kindOf(a);
    if (target === 'decimal' && kind) {
      const d = decOf(a);
      return d ? decimalResult(d) : decimalResult(undefined, String(Number(a)));
    }
    if (target === 'long' && (kind === 'int' || kind === 'long')) return longValue(intOf(a));
    const base = {
      int: expressionOps.$toInt,
      long: expressionOps.$toLong,
      double: expressionOps.$toDouble,
      decimal: expressionOps.$toDecimal,
    }[target] as unknown as ExpressionOp;
    const plain = base(obj, a instanceof BsonNumber ? Number(a) : a, options);
    if (typeof plain !== 'number') return plain;
    if (target === 'double') return doubleValue(plain);
    if (target === 'long') return longValue(BigInt(Math.trunc(plain)));
    if (target === 'decimal') return decimalValue(Decimal128.fromStringWithRounding(String(plain)));
    return plain;
  };

/** A number as MongoDB writes it: int64 and Decimal128 exactly, doubles in their shortest form ("-0" kept). */
function numberString(v: unknown): string | undefined {
  const kind = kindOf(v);
  if (!kind) return undefined;
  if (typeof v === 'bigint') return v.toString();
  const exact = exactOf(v);
  if (kind === 'long' || kind === 'decimal') return String(exact);
  const n = Number(v);
  return Object.is(n, -0) ? '-0' : String(n);
}

/** $toString with exact int64 and Decimal128 values; anything else as mingo converts it. */
const $toString: ExpressionOp = (obj, expr, options) => {
  const [a] = evalArgs(obj, expr, options, '$toString');
  return numberString(a) ?? ops.$toString!(obj, a, options);
};

/** $convert: to a string or a number through the exact conversions above; other targets as mingo does. */
const $convert: ExpressionOp = (obj, expr, options) => {
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr))
    return ops.$convert!(obj, expr, options);
  const spec = expr as Record<string, unknown>;
  const to = evalExpr(obj, spec.to, options);
  const target =
    to === 'string' || to === 2
      ? $toString
      : to === 'long' || to === 18
        ? conversion('long')
        : to === 'decimal' || to === 19
          ? conversion('decimal')
          : to === 'double' || to === 1
            ? conversion('double')
            : undefined;
  if (!target) return ops.$convert!(obj, expr, options);
  const input = evalExpr(obj, spec.input, options);
  if (isNil(input)) return spec.onNull === undefined ? null : evalExpr(obj, spec.onNull, options);
  try {
    const out = target(obj, [input], options);
    if (out !== undefined) return out;
  } catch (err) {
    if (spec.onError === undefined) throw err;
  }
  return spec.onError === undefined
    ? ops.$convert!(obj, expr, options)
    : evalExpr(obj, spec.onError, options);
};

/** $eq / $ne between numbers compare values across types (2 == 2.0 == NumberLong(2)), as MongoDB does. */
const numericEquality =
  (negated: boolean, base: ExpressionOp): ExpressionOp =>
  (obj, expr, options) => {
    const args = evalArgs(obj, expr, options, negated ? '$ne' : '$eq', 2);
    const [a, b] = args;
    if (kindOf(a) && kindOf(b)) {
      const equal = numbersEqual(a, b);
      return negated ? !equal : equal;
    }
    return base(
      obj,
      args.map((x) => (x instanceof BsonNumber ? x.bson : x)),
      options,
    );
  };

function numbersEqual(a: unknown, b: unknown): boolean {
  const ka = kindOf(a)!;
  const kb = kindOf(b)!;
  if ((ka === 'int' || ka === 'long') && (kb === 'int' || kb === 'long')) return intOf(a) === intOf(b);
  if (ka === 'decimal' || kb === 'decimal') {
    const x = decOf(a);
    const y = decOf(b);
    if (!x || !y) return Number(a) === Number(b);
    const exp = Math.min(x.exp, y.exp);
    return x.coef * 10n ** BigInt(x.exp - exp) === y.coef * 10n ** BigInt(y.exp - exp);
  }
  return Number(a) === Number(b);
}

// ---- accumulators ----

/** Exact running total of numbers of any kind. */
class Total {
  private kind: NumericKind = 'int';
  private integer = 0n;
  private double = 0;
  private compensation = 0; // Kahan summation of the double part
  private decimal: Dec = { coef: 0n, exp: 0 };
  private decimalNaN = false;
  count = 0;

  add(v: unknown): void {
    const kind = kindOf(v);
    if (!kind) return;
    this.count++;
    if (RANK[kind] > RANK[this.kind]) this.kind = kind;
    if (kind === 'int' || kind === 'long') this.integer += intOf(v);
    else if (kind === 'double') {
      const y = doubleOf(v) - this.compensation;
      const t = this.double + y;
      this.compensation = t - this.double - y;
      this.double = t;
    }
    if (kind === 'decimal') {
      const d = decOf(v);
      if (!d) this.decimalNaN = true;
      else {
        const exp = Math.min(this.decimal.exp, d.exp);
        this.decimal = {
          coef:
            this.decimal.coef * 10n ** BigInt(this.decimal.exp - exp) + d.coef * 10n ** BigInt(d.exp - exp),
          exp,
        };
      }
    }
  }

  private asDecimal(): Dec | undefined {
    if (this.decimalNaN) return undefined;
    const parts = [this.decimal, { coef: this.integer, exp: 0 }];
    if (this.double !== 0) {
      const d = decOf(this.double);
      if (!d) return undefined;
      parts.push(d);
    }
    const exp = Math.min(...parts.map((p) => p.exp));
    return { coef: parts.reduce((s, p) => s + p.coef * 10n ** BigInt(p.exp - exp), 0n), exp };
  }

  /** The sum, typed as MongoDB's $sum types it. */
  sum(): unknown {
    if (this.kind === 'decimal') return decimalResult(this.asDecimal());
    if (this.kind === 'double') return doubleValue(this.double + Number(this.integer));
    return integerResult(this.integer, this.kind);
  }

  /** The mean: a double, or a decimal when any operand was one; null without numbers. */
  average(): unknown {
    if (!this.count) return null;
    if (this.kind === 'decimal') {
      const d = this.asDecimal();
      if (!d) return decimalResult(undefined);
      return decimalResult(divideDec(d, { coef: BigInt(this.count), exp: 0 }));
    }
    // the integer part is exact: divide it exactly before it meets the (already rounded) double part
    const n = BigInt(this.count);
    const whole = this.integer / n;
    const rest = Number(this.integer - whole * n) / this.count;
    return doubleValue(Number(whole) + rest + this.double / this.count);
  }
}

const pushValues = accumulatorOps.$push as unknown as AccumulatorOp;

export const $sumAccumulator: AccumulatorOp = (coll, expr, options) => {
  const total = new Total();
  if (kindOf(expr)) {
    for (let i = 0; i < coll.length; i++) total.add(expr);
    return total.sum();
  }
  for (const v of pushValues(coll, expr, options) as unknown[]) total.add(v);
  return total.sum();
};

export const $avgAccumulator: AccumulatorOp = (coll, expr, options) => {
  const total = new Total();
  for (const v of pushValues(coll, expr, options) as unknown[]) total.add(v);
  return total.average();
};

/** $in as an expression: equality as MongoDB compares values (2 == 2.0 == NumberLong(2), documents in order). */
const $in: ExpressionOp = (obj, expr, options) => {
  const [item, list] = evalArgs(obj, expr, options, '$in', 2);
  if (!Array.isArray(list))
    throw new MongoServerError(40081, `$in requires an array as a second argument, found: ${typeName(list)}`);
  return list.some((v) => compareValues(v, item) === 0);
};

/** $isNumber that knows BsonNumber. */
const $isNumber: ExpressionOp = (obj, expr, options) => {
  const [a] = evalArgs(obj, expr, options, '$isNumber', 1);
  return kindOf(a) !== undefined;
};

const ops = expressionOps as unknown as Record<string, ExpressionOp>;

export const typedExpressionOperators: Record<string, ExpressionOp> = {
  $add,
  $subtract,
  $multiply,
  $divide,
  $mod,
  $abs,
  $ceil: typePreserving('$ceil', ops.$ceil!),
  $floor: typePreserving('$floor', ops.$floor!),
  $round: typePreserving('$round', ops.$round!),
  $trunc: typePreserving('$trunc', ops.$trunc!),
  $sqrt: doubleResult('$sqrt', ops.$sqrt!),
  $exp: doubleResult('$exp', ops.$exp!),
  $ln: doubleResult('$ln', ops.$ln!),
  $log: doubleResult('$log', ops.$log!),
  $log10: doubleResult('$log10', ops.$log10!),
  $pow: doubleResult('$pow', ops.$pow!),
  $toDouble: conversion('double'),
  $toLong: conversion('long'),
  $toDecimal: conversion('decimal'),
  $toInt: conversion('int'),
  $toString,
  $convert,
  $eq: numericEquality(false, ops.$eq!),
  $ne: numericEquality(true, ops.$ne!),
  $isNumber,
  $in,
};

// $sum and $avg used as expressions ({ $sum: ['$a', '$b'] }) reach these accumulators too: mingo evaluates the
// argument to an array and passes it with a null expression.
export const typedAccumulators: Record<string, AccumulatorOp> = {
  $sum: $sumAccumulator,
  $avg: $avgAccumulator,
};
