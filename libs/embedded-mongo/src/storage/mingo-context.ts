// One place that configures mingo the way MongoDB behaves for this server: all of mingo's operators, with
// $type (query and expression) replaced by one that knows BSON's numeric types from the stored bytes.
import { Query } from 'mingo/query';
import { Aggregator } from 'mingo/aggregator';
import { Context, evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import * as pipelineOps from 'mingo/operators/pipeline';
import * as projectionOps from 'mingo/operators/projection';
import * as queryOps from 'mingo/operators/query';
import * as windowOps from 'mingo/operators/window';
import type { Document } from 'bson';
import { ensureArray, MingoError, resolve } from 'mingo/util';
import { ErrorCodes, MongoServerError } from '../errors';
import { bsonTypeName, typeMatches, typedPathValues, typedOf } from './bson-types';
import { isPlainObject, pathValues } from '../query/paths';
import { collatorFromOptions } from '../query/collation';
import { CollationKeys } from '../query/collation-keys';
import { collatedAccumulators, collatedExpressions } from '../query/collated-operators';
import { encodeKey } from './key-encoding';
import { jsonSchemaValidator as compileSchema } from '../query/json-schema';
import * as mongoOps from './mongo-operators';
import { setAccumulators, setExpressionOperators } from '../query/set-operators';
import { typedAccumulators, typedExpressionOperators } from '../query/typed-arithmetic';

export type MingoOptions = Partial<Options>;

type QueryOp = (selector: string, value: unknown, options: Options) => (obj: Document) => boolean;
type ExpressionOp = (obj: unknown, expr: unknown, options: Options) => unknown;

const queryType: QueryOp = (selector, wanted) => {
  const wants = Array.isArray(wanted) ? wanted : [wanted];
  return (obj) => {
    const values = typedOf(obj) ? typedPathValues(obj, selector) : pathValues(obj, selector, false);
    return values.some((v) => {
      if (v === undefined) return false;
      if (wants.some((w) => typeMatches(v, w))) return true;
      return Array.isArray(v) && v.some((item) => wants.some((w) => typeMatches(item, w)));
    });
  };
};

const expressionType: ExpressionOp = (obj, expr, options) => {
  const arg = Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
  if (typeof arg === 'string' && arg.startsWith('$') && !arg.startsWith('$$') && typedOf(obj)) {
    const [v] = pathValues(typedOf(obj), arg.slice(1), false);
    return bsonTypeName(v);
  }
  return bsonTypeName(evalExpr(obj, arg, options));
};

const operators = {
  accumulator: collatedAccumulators({ ...accumulatorOps }) as never,
  expression: collatedExpressions({ ...expressionOps, $type: expressionType }) as never,
  pipeline: { ...pipelineOps, $sample: mongoOps.$sample } as never,
  projection: projectionOps as never,
  query: {
    ...queryOps,
    $type: queryType,
    $eq: mongoOps.$eq,
    $ne: mongoOps.$ne,
    $mod: mongoOps.$mod,
    $gt: mongoOps.$gt,
    $gte: mongoOps.$gte,
    $lt: mongoOps.$lt,
    $lte: mongoOps.$lte,
    $in: mongoOps.$in,
    $nin: mongoOps.$nin,
  } as never,
  window: windowOps as never,
};
const context = Context.init(operators);

interface Stream {
  map(fn: (doc: Document) => Document): Stream;
}
type PipelineOp = (coll: Stream, expr: unknown, options: Options) => Stream;
const GROUP_KEY = '$__embeddedMongoGroupKey';

/**
 * $group keyed as MongoDB keys it: values that compare equal form one group whatever their BSON type (2, 2.0,
 * NumberLong(2); { a: 1 } and { a: 1.0 }), and a missing _id groups as null. mingo hashes its own way (a double
 * 2.0, held as a BsonNumber, would not meet an int32 2), so it groups here by our canonical key encoding, and
 * each group's _id is the first value seen for it.
 */
const groupStage: PipelineOp = (coll, expr, options) => {
  const base = pipelineOps.$group as unknown as PipelineOp;
  if (!isPlainObject(expr) || !('_id' in expr)) return base(coll, expr, options);
  const firstSeen = new Map<string, unknown>();
  const keyed = { ...expr, _id: { [GROUP_KEY]: { expr: expr._id, firstSeen, keys: new KeysHolder() } } };
  return base(coll, keyed, options).map((doc) => ({ ...doc, _id: firstSeen.get(doc._id as string) }));
};

/** The collation keys of one stage, made when the stage first meets a collation. */
class KeysHolder {
  private keys: CollationKeys | undefined;

  for(collator: Intl.Collator | undefined): CollationKeys | undefined {
    if (!collator) return undefined;
    return (this.keys ??= new CollationKeys(collator));
  }
}

const groupKey: ExpressionOp = (obj, spec, options) => {
  const { expr, firstSeen, keys } = spec as {
    expr: unknown;
    firstSeen: Map<string, unknown>;
    keys: KeysHolder;
  };
  const raw = evalExpr(obj, expr, options);
  const value = raw === undefined ? null : raw;
  const key = keyOf(value, keys.for(collatorFromOptions(options)));
  if (!firstSeen.has(key)) firstSeen.set(key, value);
  return key;
};

/**
 * A value's group or join key: our canonical key encoding, strings first replaced by their collation
 * representative (strings the collation calls equal, "cafe" and "Café" at strength 1, key one group).
 */
function keyOf(value: unknown, keys: CollationKeys | undefined): string {
  return encodeKey([keys ? keys.canonical(value) : value], undefined, true).toString('latin1');
}

/**
 * $lookup with localField/foreignField matches as MongoDB does: values that compare equal whatever their BSON
 * type (2, 2.0, NumberLong(2)), strings under the command's collation, an array on either side matching by any
 * element, and a missing field as null. mingo's own join hashes values its way, so the equality form is joined
 * here by the canonical key, and a pipeline given with it (and `let`) runs on the matched documents; the form
 * with only a pipeline goes to mingo (its comparisons follow the collation through collated-operators.ts).
 */
const lookupStage: PipelineOp = (coll, expr, options) => {
  const base = pipelineOps.$lookup as unknown as PipelineOp;
  const resolver = (options as { collectionResolver?: (name: string) => Document[] | undefined })
    .collectionResolver;
  if (
    !resolver ||
    !isPlainObject(expr) ||
    typeof expr.from !== 'string' ||
    typeof expr.localField !== 'string' ||
    typeof expr.foreignField !== 'string' ||
    typeof expr.as !== 'string' ||
    (expr.pipeline !== undefined && !Array.isArray(expr.pipeline)) ||
    (expr.let !== undefined && !isPlainObject(expr.let))
  ) {
    return base(coll, expr, options);
  }
  const { localField, foreignField, as } = expr;
  const foreign = resolver(expr.from) ?? [];
  const collator = collatorFromOptions(options);
  const keys = collator ? new CollationKeys(collator) : undefined;
  const byKey = new Map<string, number[]>();
  foreign.forEach((doc, i) => {
    for (const value of ensureArray(resolve(doc, foreignField) ?? null)) {
      const key = keyOf(value, keys);
      const list = byKey.get(key);
      if (list) list.push(i);
      else byKey.set(key, [i]);
    }
  });
  const pipeline = (expr.pipeline ?? []) as Document[];
  const letSpec = (expr.let ?? {}) as Document;
  return coll.map((doc) => {
    const hits = new Set<number>();
    for (const value of ensureArray(resolve(doc, localField) ?? null)) {
      for (const i of byKey.get(keyOf(value, keys)) ?? []) hits.add(i);
    }
    const matched = [...hits].sort((a, b) => a - b).map((i) => foreign[i]!);
    if (!pipeline.length) return { ...doc, [as]: matched };
    const variables = Object.fromEntries(
      Object.entries(letSpec).map(([name, e]) => [name, evalExpr(doc, e, options)]),
    );
    // stage operators get mingo's ComputeOptions: its plain options and its current variables
    const computed = options as Options & { options?: Options; local?: { variables?: Document } };
    const plain = computed.options ?? options;
    const inner = {
      ...plain,
      variables: { ...plain.variables, ...computed.local?.variables, ...variables },
    };
    return { ...doc, [as]: new Aggregator(pipeline, inner).run(matched) };
  });
};

// Aggregation pipelines work on documents whose numbers keep their BSON type (storage/bson-number.ts): the
// arithmetic operators and the $sum/$avg accumulators there replace mingo's.
const pipelineContext = Context.init({
  ...operators,
  pipeline: {
    ...pipelineOps,
    $sample: mongoOps.$sample,
    $group: groupStage,
    $lookup: lookupStage,
  } as never,
  accumulator: collatedAccumulators({ ...accumulatorOps, ...typedAccumulators, ...setAccumulators }) as never,
  expression: collatedExpressions({
    ...expressionOps,
    $type: expressionType,
    ...typedExpressionOperators,
    ...setExpressionOperators,
    [GROUP_KEY]: groupKey,
  }) as never,
});

/** $jsonSchema checks the stored document's exact types (an int32 is an "int"). */
const jsonSchemaValidator = (schema: unknown) => {
  const check = compileSchema(schema);
  return (doc: unknown) => check((typedOf(doc) ?? doc) as Document);
};

export const baseOptions: MingoOptions = {
  idKey: '_id',
  useStrictMode: true,
  scriptEnabled: false,
  context,
  jsonSchemaValidator: jsonSchemaValidator as MingoOptions['jsonSchemaValidator'],
};

/** Options for aggregation pipelines over pipelineDocument()s. */
export const pipelineOptions: MingoOptions = { ...baseOptions, context: pipelineContext };

export function compileQuery(filter: Document, options: MingoOptions = baseOptions): Query {
  try {
    return new Query(filter, options);
  } catch (err) {
    throw translateMingoError(err);
  }
}

export function makeAggregator(pipeline: Document[], options: MingoOptions = baseOptions): Aggregator {
  try {
    return new Aggregator(pipeline, options);
  } catch (err) {
    throw translateMingoError(err);
  }
}

/** Maps mingo's errors to MongoDB's codes and messages. */
export function translateMingoError(err: unknown): unknown {
  if (err instanceof MongoServerError) return err;
  if (!(err instanceof Error)) return err;
  const message = err.message;
  if (/requires 'scriptEnabled'/.test(message)) {
    const op = /(\$\w+)/.exec(message)?.[1] ?? '$where';
    return new MongoServerError(
      ErrorCodes.NotImplemented,
      `${op} runs JavaScript, which this server does not execute`,
    );
  }
  const v = /Use of undefined variable: (\S+)/.exec(message);
  if (v) return new MongoServerError(17276, `Use of undefined variable: ${v[1]}`);
  if (/unknown (?:query |top level )?operator:? '?\$text\b/i.test(message))
    return new MongoServerError(ErrorCodes.IndexNotFound, 'text index required for $text query');
  let m = /unknown (?:query |top level )?operator:? '?(\$\w+)'?/i.exec(message);
  if (m) return new MongoServerError(ErrorCodes.BadValue, `unknown operator: ${m[1]}`);
  m = /Unknown update operator: '(\$\w+)'/.exec(message);
  if (m)
    return new MongoServerError(
      ErrorCodes.FailedToParse,
      `Unknown modifier: ${m[1]}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  m = /(?:unknown|unregistered|invalid) pipeline operator:? '?(\$\w+)'?/i.exec(message);
  if (m) return new MongoServerError(40324, `Unrecognized pipeline stage name: '${m[1]}'`);
  m =
    /'?(\$\w+)'? is not registered/i.exec(message) ??
    /unknown expression operator:? '?(\$\w+)'?/i.exec(message);
  if (m) return new MongoServerError(ErrorCodes.InvalidPipelineOperator, `Unrecognized expression '${m[1]}'`);
  if (err instanceof MingoError) return new MongoServerError(ErrorCodes.BadValue, message);
  return err;
}
