// Numbers inside aggregation pipelines keep their BSON type. mingo computes on JS numbers, which cannot tell a
// double 2.0 from an int32 2 nor hold an int64 beyond 2^53 or a Decimal128 exactly. So in documents handed to
// mingo, int32 values and fractional doubles stay plain JS numbers (their type is unambiguous), and whole
// doubles, int64 and Decimal128 become BsonNumber: a Number object carrying the exact BSON value. mingo sees it
// as a number for comparisons and sorting (it compares with < and >, which use valueOf), and our arithmetic
// operators and accumulators read the exact value and type from it. Results are turned back into BSON values
// before they are serialised.
import type { Decimal128, Int32 } from 'bson';
import { deserialize, Double, Long, type Document } from 'bson';

export type NumericKind = 'int' | 'long' | 'double' | 'decimal';

type Exact = Double | Long | Decimal128;

export class BsonNumber extends Number {
  readonly #bson: Exact;

  constructor(bson: Exact) {
    super(approximate(bson));
    this.#bson = bson;
  }

  /** The exact BSON value (Double, Long or Decimal128). */
  get bson(): Exact {
    return this.#bson;
  }

  get kind(): NumericKind {
    const t = this.#bson._bsontype;
    return t === 'Long' ? 'long' : t === 'Decimal128' ? 'decimal' : 'double';
  }
}
// mingo orders values by their constructor's name: under this name it treats these as numbers
Object.defineProperty(BsonNumber, 'name', { value: 'Number' });

function approximate(v: Exact): number {
  if (v._bsontype === 'Double') return v.value;
  if (v._bsontype === 'Long') return v.toNumber();
  return Number.parseFloat(v.toString());
}

/** A double as a value mingo can hold without losing its type. */
export const doubleValue = (n: number): number | BsonNumber =>
  Number.isInteger(n) ? new BsonNumber(new Double(n)) : n;

export const longValue = (n: bigint): BsonNumber => new BsonNumber(Long.fromBigInt(n));

export const decimalValue = (d: Decimal128): BsonNumber => new BsonNumber(d);

const isPlain = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The kind of a numeric value as it appears inside a pipeline, or undefined for anything else. */
export function kindOf(v: unknown): NumericKind | undefined {
  if (typeof v === 'number')
    return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647
      ? 'int'
      : Number.isInteger(v)
        ? 'long'
        : 'double';
  if (v instanceof BsonNumber) return v.kind;
  if (typeof v === 'bigint') return 'long';
  switch ((v as { _bsontype?: string } | null | undefined)?._bsontype) {
    case 'Int32':
      return 'int';
    case 'Long':
      return 'long';
    case 'Double':
      return 'double';
    case 'Decimal128':
      return 'decimal';
  }
  return undefined;
}

/**
 * Converts, in place, a document deserialised with promoteValues: false into the form pipelines work on.
 */
export function toPipelineValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof BsonNumber) return v;
  switch ((v as { _bsontype?: string })._bsontype) {
    case 'Int32':
      return (v as Int32).value;
    case 'Double':
      return doubleValue((v as Double).value);
    case 'Long':
    case 'Decimal128':
      return new BsonNumber(v as Exact);
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = toPipelineValue(v[i]);
    return v;
  }
  if (isPlain(v)) {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = toPipelineValue(o[k]);
  }
  return v;
}

/** The BSON form of a pipeline result: BsonNumber back to Double/Long/Decimal128 (copies, never mutates). */
export function fromPipelineValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? Long.fromBigInt(v) : v;
  if (v instanceof BsonNumber) return v.bson;
  if (Array.isArray(v)) return v.map(fromPipelineValue);
  if (isPlain(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = fromPipelineValue(x);
    return out;
  }
  return v;
}

/** The exact BSON value behind a number of any form (for comparisons and index keys). */
export const unwrapNumber = (v: unknown): unknown => (v instanceof BsonNumber ? v.bson : v);

/** A stored document in the form pipelines work on. */
export const pipelineDocument = (raw: Uint8Array): Document =>
  toPipelineValue(deserialize(raw, { promoteValues: false, promoteBuffers: false })) as Document;

/** A pipeline's stages from the command's exactly typed form, with numeric stage arguments as plain numbers. */
export function pipelineStages(typed: unknown): Document[] {
  const stages = toPipelineValue(typed) as Document[];
  return stages.map((stage) => {
    const [name] = Object.keys(stage ?? {});
    if ((name === '$limit' || name === '$skip') && stage[name] instanceof BsonNumber)
      return { [name]: Number(stage[name]) };
    return stage;
  });
}
