// $inc / $mul on Int64 and Decimal128 computed exactly (JS numbers would round Long beyond 2^53 and lose the
// scale of decimals such as 1.10).
import { Decimal128, Long } from 'bson';
import { ErrorCodes, MongoServerError } from '../errors';

const typeOf = (v: unknown): string | undefined => (v as { _bsontype?: string } | null)?._bsontype;

export const isDecimal = (v: unknown): boolean => typeOf(v) === 'Decimal128';
export const isLong = (v: unknown): boolean => typeOf(v) === 'Long';

const isIntegral = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isInteger(v)) || typeOf(v) === 'Int32' || typeOf(v) === 'Long';

interface Dec {
  coef: bigint;
  exp: number;
}

function toDec(v: unknown): Dec | undefined {
  const s = v === undefined || v === null ? '0' : typeof v === 'number' ? String(v) : String(v);
  const m = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m) return undefined;
  const frac = m[3] ?? '';
  const coef = BigInt(`${m[2]}${frac}`) * (m[1] === '-' ? -1n : 1n);
  return { coef, exp: Number(m[4] ?? 0) - frac.length };
}

const fromDec = (d: Dec): Decimal128 => Decimal128.fromString(`${d.coef}E${d.exp}`);

/**
 * The exact result of `current <op> operand` when either side is a Long or Decimal128, or undefined when the
 * ordinary (double/int) arithmetic applies.
 */
export function exactArithmetic(op: '$inc' | '$mul', current: unknown, operand: unknown): unknown {
  if (isDecimal(current) || isDecimal(operand)) {
    const a = toDec(current);
    const b = toDec(operand);
    if (!a || !b) return undefined;
    if (op === '$inc') {
      const exp = Math.min(a.exp, b.exp);
      const scale = (d: Dec) => d.coef * 10n ** BigInt(d.exp - exp);
      return fromDec({ coef: scale(a) + scale(b), exp });
    }
    return fromDec({ coef: a.coef * b.coef, exp: a.exp + b.exp });
  }
  if (
    (isLong(current) || isLong(operand)) &&
    (current === undefined || isIntegral(current)) &&
    isIntegral(operand)
  ) {
    const a = current === undefined ? 0n : BigInt(String(current));
    const b = BigInt(String(operand));
    const result = op === '$inc' ? a + b : a * b;
    // MongoDB refuses an int64 result that overflows rather than wrapping it or turning it into a double
    if (result < -(2n ** 63n) || result >= 2n ** 63n)
      throw new MongoServerError(
        ErrorCodes.BadValue,
        `Failed to apply ${op} operations to current value (${String(current)}): the result overflows a 64-bit integer`,
      );
    return Long.fromBigInt(result);
  }
  return undefined;
}
