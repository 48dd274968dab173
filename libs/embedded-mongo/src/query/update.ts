// Applies MongoDB update documents (operators, replacements, pipelines) with mingo, then restores exact BSON
// number types: mingo works on JS numbers, so unchanged fields get their stored type back and changed numbers
// follow MongoDB's promotion rules (int32 -> int64 on overflow, any double operand gives a double).
import {
  Decimal128,
  Double,
  Int32,
  Long,
  ObjectId,
  Timestamp,
  serialize,
  deserialize,
  type Document,
} from 'bson';
import { update as mingoUpdate } from 'mingo/updater';
import { Aggregator } from 'mingo/aggregator';
import { ErrorCodes, MongoServerError, fail } from '../errors';
import { baseOptions, pipelineOptions, translateMingoError, type MingoOptions } from '../storage/mingo-context';
import { fromPipelineValue, pipelineDocument, pipelineStages } from '../storage/bson-number';
import { compareValues } from '../storage/key-encoding';
import { formatValue } from '../storage/format';
import { getPath, isPlainObject, setPath } from './paths';
import { exactArithmetic } from './exact-arithmetic';

const SUPPORTED = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$setOnInsert',
  '$rename',
  '$currentDate',
  '$pop',
  '$bit',
]);
const WIDENING = new Set(['$inc', '$mul', '$min', '$max']);

type NumClass = 'int' | 'long' | 'double' | 'decimal';
interface Hint {
  value: unknown;
  mode: 'exact' | 'widen';
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function classOf(v: unknown): NumClass | undefined {
  if (typeof v === 'number')
    return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX ? 'int' : 'double';
  switch ((v as { _bsontype?: string })?._bsontype) {
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

const rank: Record<NumClass, number> = { int: 0, long: 1, double: 2, decimal: 3 };
const widest = (a?: NumClass, b?: NumClass): NumClass | undefined =>
  !a ? b : !b ? a : rank[a] >= rank[b] ? a : b;

function makeNumber(n: number, cls: NumClass | undefined): unknown {
  if (!cls) return n;
  if (cls === 'decimal') return Decimal128.fromString(String(n));
  if (cls === 'double' || !Number.isInteger(n)) return new Double(n);
  if (cls === 'int' && n >= INT32_MIN && n <= INT32_MAX) return new Int32(n);
  return Long.fromNumber(n);
}

const numericValue = (typed: unknown): number => {
  if (typeof typed === 'number') return typed;
  const t = (typed as { _bsontype?: string })?._bsontype;
  if (t === 'Decimal128') return Number.parseFloat(String(typed));
  if (t === 'Long') return (typed as Long).toNumber();
  return Number((typed as { valueOf(): number }).valueOf());
};

const sameNumber = (typed: unknown, n: number): boolean =>
  classOf(typed) !== undefined && numericValue(typed) === n;

function reconcile(
  next: unknown,
  old: unknown,
  inherited: Hint | undefined,
  path: string,
  hints: Map<string, Hint>,
): unknown {
  const hint = hints.get(path) ?? inherited;
  if (typeof next === 'number') {
    if (hint && classOf(hint.value)) {
      if (hint.mode === 'exact')
        return sameNumber(hint.value, next) ? hint.value : makeNumber(next, classOf(hint.value));
      return makeNumber(next, widest(classOf(old), classOf(hint.value)));
    }
    if (sameNumber(old, next)) return old;
    return makeNumber(next, classOf(old) === 'int' ? undefined : classOf(old));
  }
  if (Array.isArray(next)) {
    const oldArr = Array.isArray(old) ? old : [];
    const hintArr = hint && Array.isArray(hint.value) ? hint.value : undefined;
    return next.map((item, i) =>
      reconcile(
        item,
        oldArr[i],
        hintArr ? { value: hintArr[i], mode: hint!.mode } : undefined,
        `${path}.${i}`,
        hints,
      ),
    );
  }
  if (isPlainObject(next)) {
    const oldObj = isPlainObject(old) ? old : {};
    const hintObj = hint && isPlainObject(hint.value) ? hint.value : undefined;
    const out: Document = {};
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) continue;
      out[k] = reconcile(
        v,
        oldObj[k],
        hintObj ? { value: hintObj[k], mode: hint!.mode } : undefined,
        path ? `${path}.${k}` : k,
        hints,
      );
    }
    return out;
  }
  return next;
}

/** MongoDB reads an update document as operators when its first field is `$`-prefixed, else as a replacement. */
export const isOperatorUpdate = (u: unknown): boolean =>
  isPlainObject(u) && (Object.keys(u)[0]?.startsWith('$') ?? false);

/**
 * A replacement may hold dotted names and `$`-prefixed names below the top level (MongoDB 5+); a top-level
 * `$`-prefixed name is refused unless it is part of a DBRef ($ref, $id, $db in that order).
 */
function validateReplacement(u: Document): void {
  const keys = Object.keys(u);
  keys.forEach((k, i) => {
    if (!k.startsWith('$')) return;
    const dbRef =
      (k === '$ref' && keys[i + 1] === '$id') ||
      (k === '$id' && keys[i - 1] === '$ref') ||
      (k === '$db' && keys[i - 1] === '$id' && keys[i - 2] === '$ref');
    if (!dbRef)
      fail(
        52,
        `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
      );
  });
}

/** Validates an update document before any document is touched. */
export function validateUpdate(u: unknown): void {
  if (Array.isArray(u)) return;
  if (!isPlainObject(u))
    fail(ErrorCodes.FailedToParse, 'Update argument must be either an object or an array');
  const keys = Object.keys(u as Document);
  if (!isOperatorUpdate(u)) return validateReplacement(u as Document);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length !== keys.length) {
    const bad = keys.find((k) => !k.startsWith('$'))!;
    fail(
      ErrorCodes.FailedToParse,
      `Unknown modifier: ${bad}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  const paths: string[] = [];
  for (const op of ops) {
    if (!SUPPORTED.has(op))
      fail(
        ErrorCodes.FailedToParse,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    const args = (u as Document)[op];
    if (!isPlainObject(args))
      fail(ErrorCodes.FailedToParse, `Modifiers operate on fields but we found type ${typeof args} instead.`);
    for (const [path, v] of Object.entries(args as Document)) {
      if (
        WIDENING.has(op) &&
        op !== '$min' &&
        op !== '$max' &&
        !classOf(v) &&
        (v as { _bsontype?: string })?._bsontype !== 'Decimal128'
      )
        fail(
          ErrorCodes.TypeMismatch,
          `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${formatValue(v)}}`,
        );
      paths.push(path);
      if (op === '$rename') paths.push(String(v));
    }
  }
  const norm = paths.map((p) =>
    p
      .split('.')
      .filter((s) => !s.startsWith('$'))
      .join('.'),
  );
  for (let i = 0; i < norm.length; i++) {
    for (let j = 0; j < norm.length; j++) {
      if (i === j) continue;
      const a = norm[i]!;
      const b = norm[j]!;
      if (a === b || b.startsWith(`${a}.`))
        fail(
          ErrorCodes.ConflictingUpdateOperators,
          `Updating the path '${paths[j]}' would create a conflict at '${a}'`,
        );
    }
  }
}

export interface UpdateInput {
  /** Update spec with plain JS numbers (for mingo). */
  spec: Document | Document[];
  /** Same spec with exact BSON number types. */
  typedSpec: Document | Document[];
  arrayFilters?: Document[];
  filter: Document;
  upsertInsert: boolean;
  /** mingo options of the command (its `let` variables, its collation). */
  options?: MingoOptions;
}

const roundTrip = (doc: Document): Document => deserialize(serialize(doc), { promoteBuffers: false });

/**
 * Returns the updated document (exact types, _id first), or undefined when nothing changed.
 * `oldTyped` is the stored document with exact types; `oldMatchable` a fresh JS-number copy that may be mutated.
 */
export function applyUpdate(
  oldTyped: Document,
  oldMatchable: Document,
  input: UpdateInput,
): Document | undefined {
  const { spec, typedSpec } = input;
  let next: Document;
  const hints = new Map<string, Hint>();
  if (Array.isArray(spec)) {
    // an update pipeline runs as an aggregation does, on numbers that keep their BSON type, so its result
    // needs no type reconciliation
    let out: Document | undefined;
    try {
      // the command's let variables and collation, with the number-typed pipeline context
      const options = { ...(input.options ?? baseOptions), context: pipelineOptions.context };
      [out] = new Aggregator(pipelineStages(typedSpec), options).run([
        pipelineDocument(serialize(oldTyped)),
      ]) as Document[];
    } catch (err) {
      throw translateMingoError(err);
    }
    const { _id, ...rest } = fromPipelineValue(out ?? {}) as Document;
    const id = _id ?? oldTyped._id;
    return id === undefined ? rest : { _id: id, ...rest };
  } else if (!isOperatorUpdate(spec)) {
    const replacement = typedSpec as Document;
    if (
      '_id' in replacement &&
      compareValues(replacement._id, oldTyped._id) !== 0 &&
      oldTyped._id !== undefined
    )
      fail(
        ErrorCodes.ImmutableField,
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
      );
    const { _id: _ignored, ...rest } = replacement;
    const doc = { _id: oldTyped._id ?? replacement._id, ...rest };
    if (doc._id === undefined) delete doc._id;
    return doc;
  } else {
    const mod: Document = { ...(spec as Document) };
    const typedMod = typedSpec as Document;
    if (mod.$setOnInsert) {
      if (input.upsertInsert)
        mod.$set = { ...(mod.$set as Document | undefined), ...(mod.$setOnInsert as Document) };
      delete mod.$setOnInsert;
    }
    checkTypes(oldMatchable, mod);
    checkPaths(oldMatchable, mod);
    for (const op of ['$inc', '$mul'] as const) {
      const args = mod[op] as Document | undefined;
      if (!isPlainObject(args)) continue;
      for (const path of Object.keys(args)) {
        if (path.includes('$')) continue;
        const exact = exactArithmetic(op, getPath(oldTyped, path), (typedMod[op] as Document)[path]);
        if (exact === undefined) continue;
        const rest = { ...(mod[op] as Document) };
        delete rest[path];
        if (Object.keys(rest).length) mod[op] = rest;
        else delete mod[op];
        mod.$set = { ...(mod.$set as Document | undefined), [path]: exact };
      }
    }
    if (isPlainObject(mod.$currentDate)) {
      // mingo has no BSON Timestamp: { $type: 'timestamp' } is applied as a $set of the current Timestamp
      const now = Date.now();
      const dates: Document = {};
      for (const [path, how] of Object.entries(mod.$currentDate as Document)) {
        const wantsTs = isPlainObject(how) && how.$type === 'timestamp';
        if (!wantsTs && !(how === true || (isPlainObject(how) && how.$type === 'date')))
          fail(
            ErrorCodes.BadValue,
            `The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}`,
          );
        dates[path] = wantsTs ? new Timestamp({ t: Math.floor(now / 1000), i: 1 }) : new Date(now);
      }
      delete mod.$currentDate;
      mod.$set = { ...(mod.$set as Document | undefined), ...dates };
    }
    for (const [op, args] of Object.entries(typedMod)) {
      if (op === '$setOnInsert' && !input.upsertInsert) continue;
      const mode = op === '$set' || op === '$setOnInsert' ? 'exact' : WIDENING.has(op) ? 'widen' : undefined;
      if (!mode || !isPlainObject(args)) continue;
      for (const [path, value] of Object.entries(args))
        if (!path.includes('$')) hints.set(path, { value, mode });
    }
    if (oldTyped._id !== undefined) {
      for (const op of [
        '$set',
        '$unset',
        '$inc',
        '$mul',
        '$min',
        '$max',
        '$rename',
        '$push',
        '$pull',
        '$addToSet',
        '$pop',
        '$currentDate',
      ]) {
        const args = mod[op] as Document | undefined;
        if (!args) continue;
        for (const path of Object.keys(args)) {
          if (path === '_id' || path.startsWith('_id.')) {
            if (op === '$set' && compareValues(args[path], getPath(oldMatchable, path)) === 0) continue;
            fail(
              ErrorCodes.ImmutableField,
              `Performing an update on the path '_id' would modify the immutable field '_id'`,
            );
          }
        }
      }
    }
    let changed: string[];
    try {
      changed = mingoUpdate(
        oldMatchable,
        mod,
        input.arrayFilters,
        input.upsertInsert ? undefined : input.filter,
        { cloneMode: 'copy', queryOptions: input.options ?? baseOptions },
      );
    } catch (err) {
      throw translateMingoError(err);
    }
    if (!changed.length && !input.upsertInsert) return undefined;
    next = oldMatchable;
  }
  const typed = reconcile(next, oldTyped, undefined, '', hints) as Document;
  const { _id, ...rest } = typed;
  const id = _id ?? oldTyped._id;
  return id === undefined ? rest : { _id: id, ...rest };
}

const CREATING_OPS = [
  '$set',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$currentDate',
  '$setOnInsert',
];

/** A path that runs through a scalar (or a non-numeric step into an array) cannot be created: code 28. */
function checkPaths(doc: Document, mod: Document): void {
  const targets: string[] = [];
  for (const op of CREATING_OPS)
    if (isPlainObject(mod[op])) targets.push(...Object.keys(mod[op] as Document));
  if (isPlainObject(mod.$rename)) targets.push(...Object.values(mod.$rename as Document).map(String));
  for (const path of targets) {
    if (path.includes('$')) continue;
    const parts = path.split('.');
    let cur: unknown = doc;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i]!;
      const next = Array.isArray(cur)
        ? /^\d+$/.test(part)
          ? cur[Number(part)]
          : undefined
        : isPlainObject(cur)
          ? cur[part]
          : undefined;
      if (next === undefined) break;
      const child = parts[i + 1]!;
      const viable = isPlainObject(next) || (Array.isArray(next) && /^\d+$/.test(child));
      if (!viable)
        fail(
          ErrorCodes.PathNotViable,
          `Cannot create field '${child}' in element {${part}: ${formatValue(next)}}`,
        );
      cur = next;
    }
  }
}

/** MongoDB's type errors for arithmetic and array operators on existing fields. */
function checkTypes(doc: Document, mod: Document): void {
  const describe = () => `{_id: ${formatValue(doc._id)}}`;
  for (const op of ['$inc', '$mul'] as const) {
    for (const path of Object.keys((mod[op] as Document | undefined) ?? {})) {
      if (path.includes('$')) continue;
      const cur = getPath(doc, path);
      if (
        cur !== undefined &&
        cur !== null &&
        typeof cur !== 'number' &&
        typeof cur !== 'bigint' &&
        !classOf(cur) &&
        (cur as { _bsontype?: string })._bsontype !== 'Decimal128'
      )
        throw new MongoServerError(
          ErrorCodes.TypeMismatch,
          `Cannot apply ${op} to a value of non-numeric type. ${describe()} has the field '${path.split('.').pop()}' of non-numeric type ${bsonTypeName(cur)}`,
        );
    }
  }
  for (const op of ['$push', '$addToSet', '$pull', '$pop', '$pullAll'] as const) {
    for (const path of Object.keys((mod[op] as Document | undefined) ?? {})) {
      if (path.includes('$')) continue;
      const cur = getPath(doc, path);
      if (cur !== undefined && !Array.isArray(cur)) {
        if (op === '$pull' || op === '$pullAll') {
          fail(ErrorCodes.BadValue, 'Cannot apply $pull to a non-array value');
        }
        fail(
          ErrorCodes.BadValue,
          `The field '${path}' must be an array but is of type ${bsonTypeName(cur)} in document ${describe()}`,
        );
      }
    }
  }
}

function bsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (v instanceof Date) return 'date';
  if (Array.isArray(v)) return 'array';
  const t = (v as { _bsontype?: string })._bsontype;
  if (t === 'ObjectId') return 'objectId';
  if (t === 'Binary') return 'binData';
  return t ? t.toLowerCase() : 'object';
}

/** The document an upsert starts from: the filter's equality fields (exact types). */
export function upsertSeed(typedFilter: Document): Document {
  const seed: Document = {};
  const visit = (f: Document) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
        if ('$eq' in v) setPath(seed, k, v.$eq);
        continue;
      }
      setPath(seed, k, v);
    }
  };
  visit(typedFilter);
  return seed;
}

/** Builds the document an upsert inserts. */
export function buildUpsert(typedFilter: Document, input: Omit<UpdateInput, 'upsertInsert'>): Document {
  const seed = upsertSeed(typedFilter);
  let doc: Document;
  if (!Array.isArray(input.spec) && !isOperatorUpdate(input.spec)) {
    const replacement = input.typedSpec as Document;
    const { _id, ...rest } = replacement;
    // a replacement's own _id wins, even when it is null
    doc = { _id: '_id' in replacement ? _id : seed._id, ...rest };
  } else {
    doc = applyUpdate(seed, roundTrip(seed), { ...input, upsertInsert: true }) ?? seed;
  }
  if (doc._id === undefined) {
    const { _id: _drop, ...rest } = doc;
    doc = { _id: new ObjectId(), ...rest };
  }
  return doc;
}
