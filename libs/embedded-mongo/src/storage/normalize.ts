// mingo compares JS numbers; Decimal128 values become numbers for matching (the stored bytes keep them exact),
// so that Decimal128('5.0') equals 5 and 5.0 as it does in MongoDB; integers beyond 2^53 become bigint.
import { Decimal128 } from 'bson';
import { exactInteger } from './key-encoding';

const DECIMAL_TYPE = 0x13;
const INT64_TYPE = 0x12;

const SAFE = 2 ** 53;

function convert(v: unknown, forFilter: boolean): unknown {
  if (v === null || typeof v !== 'object') return v;
  const t = (v as { _bsontype?: string })._bsontype;
  if (v instanceof Decimal128 || t === 'Decimal128') {
    const n = Number.parseFloat(String(v));
    if (Number.isNaN(n) && String(v) !== 'NaN') return v;
    // integers beyond 2^53 stay exact as bigint (Decimal128('9007199254740993') equals that Long)
    if (Math.abs(n) >= SAFE) return forFilter ? v : (exactInteger(v) ?? n);
    return n;
  }
  // bson leaves Int64 values beyond 2^53 as Long objects: a bigint keeps them exact and comparable
  if (t === 'Long') return forFilter ? v : BigInt(String(v));
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = convert(v[i], forFilter);
    return v;
  }
  if (Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = convert(o[k], forFilter);
  }
  return v;
}

/** Converts Decimal128 values in place; `raw` lets documents without any decimal skip the walk. */
export function normalizeForMatch<T>(value: T, raw?: Uint8Array): T {
  if (raw && raw.indexOf(DECIMAL_TYPE) < 0 && raw.indexOf(INT64_TYPE) < 0) return value;
  return convert(value, false) as T;
}

/**
 * The same for command bodies (filters, update operands): big integers stay Long / Decimal128 objects there,
 * since mingo serialises filters to JSON; the operators of mongo-operators.ts compare them exactly.
 */
export function normalizeCommand<T>(value: T, raw?: Uint8Array): T {
  if (raw && raw.indexOf(DECIMAL_TYPE) < 0) return value;
  return convert(value, true) as T;
}
