// $out and $merge: where an aggregation's results are written, with MongoDB's options and errors.
import { randomBytes } from 'node:crypto';
import { serialize, type Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { evalExpr } from 'mingo/core';
import { ErrorCodes, fail } from '../errors';
import type { CommandContext } from './context';
import { durableWrite } from './util';
import { toMatchable, toTyped } from '../storage/engine';
import type { CollectionMeta } from '../storage/catalog-types';
import { choosePlan } from '../query/planner';
import { matching } from '../query/execute';
import { getPath, isPlainObject } from '../query/paths';
import { compareValues } from '../storage/key-encoding';
import { translateMingoError, type MingoOptions } from '../storage/mingo-context';
import { prepareDocument, prepareRawDocument, validationContext } from './write';
import { validateDocument } from './validation';
import { withLet } from '../query/variables';
import { fromPipelineValue, pipelineDocument } from '../storage/bson-number';
import { checkCollatedUnique } from './collated-unique';

type WhenMatched = 'replace' | 'keepExisting' | 'merge' | 'fail' | Document[];
type WhenNotMatched = 'insert' | 'discard' | 'fail';

export type OutputTarget =
  | { kind: 'out'; db: string; coll: string }
  | {
      kind: 'merge';
      db: string;
      coll: string;
      on: string[];
      whenMatched: WhenMatched;
      whenNotMatched: WhenNotMatched;
      let?: Document;
    };

const WHEN_MATCHED = new Set(['replace', 'keepExisting', 'merge', 'fail']);
const WHEN_NOT_MATCHED = new Set(['insert', 'discard', 'fail']);
const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

function namespace(stage: string, db: string, spec: unknown, field: string): { db: string; coll: string } {
  if (typeof spec === 'string') return { db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string')
    return { db: typeof spec.db === 'string' ? spec.db : db, coll: spec.coll };
  return fail(
    ErrorCodes.TypeMismatch,
    `${stage} ${field} must be a string or an object with a 'coll' field, but found ${typeof spec}`,
  );
}

/** Reads a $out or $merge stage. */
export function parseMerge(db: string, stage: Document): OutputTarget {
  if ('$out' in stage) {
    const ns = namespace('$out', db, stage.$out, 'spec');
    if (!ns.coll) fail(ErrorCodes.InvalidNamespace, 'Invalid $out target namespace');
    return { kind: 'out', ...ns };
  }
  const spec = stage.$merge as unknown;
  const options: Document =
    typeof spec === 'string'
      ? { into: spec }
      : isPlainObject(spec)
        ? spec
        : fail(ErrorCodes.FailedToParse, '$merge requires a string or object argument');
  for (const key of Object.keys(options))
    if (!['into', 'on', 'let', 'whenMatched', 'whenNotMatched'].includes(key))
      fail(40415, `BSON field '$merge.${key}' is an unknown field.`);
  if (options.into === undefined) fail(40414, "BSON field '$merge.into' is missing but a required field");
  const ns = namespace('$merge', db, options.into, 'into');
  const on = options.on === undefined ? ['_id'] : Array.isArray(options.on) ? options.on : [options.on];
  if (!on.length || on.some((f) => typeof f !== 'string'))
    fail(51134, "$merge 'on' array elements must be strings");
  const whenMatched = (options.whenMatched ?? 'merge') as WhenMatched;
  if (Array.isArray(whenMatched)) {
    for (const s of whenMatched) {
      const name = isPlainObject(s) ? Object.keys(s)[0] : undefined;
      if (!name || !PIPELINE_STAGES.has(name))
        fail(ErrorCodes.InvalidOptions, `${String(name)} is not allowed to be used within an update`);
    }
  } else if (!WHEN_MATCHED.has(whenMatched as string))
    fail(
      ErrorCodes.BadValue,
      `Enumeration value '${String(whenMatched)}' for field '$merge.whenMatched' is not a valid value.`,
    );
  const whenNotMatched = (options.whenNotMatched ?? 'insert') as WhenNotMatched;
  if (!WHEN_NOT_MATCHED.has(whenNotMatched))
    fail(
      ErrorCodes.BadValue,
      `Enumeration value '${String(whenNotMatched)}' for field '$merge.whenNotMatched' is not a valid value.`,
    );
  if (options.let !== undefined && !Array.isArray(whenMatched))
    fail(51199, "Cannot use 'let' variables with 'whenMatched: " + String(whenMatched) + "' mode");
  return {
    kind: 'merge',
    ...ns,
    on: on as string[],
    whenMatched,
    whenNotMatched,
    let: options.let as Document | undefined,
  };
}

const indexSpecs = (meta: CollectionMeta | undefined) =>
  meta?.indexes.map(({ id: _i, multikey: _m, partialQuery: _p, ...spec }) => spec) ?? [];

/**
 * $out: the results replace the target collection (its indexes kept). They are written to a temporary
 * collection first, so a failure (a duplicate key) leaves the target as it was.
 */
export async function writeOut(
  ctx: CommandContext,
  target: { db: string; coll: string },
  docs: Buffer[],
): Promise<void> {
  const engine = ctx.state.engine;
  await durableWrite(ctx, () => {
    const existing = engine.getCollection(target.db, target.coll);
    // the target keeps its options (validator, collation) and its indexes
    const temp = engine.ensureCollection(
      target.db,
      `tmp.agg_out.${randomBytes(6).toString('hex')}`,
      existing?.options ?? {},
    ).meta;
    const validation = validationContext(ctx);
    try {
      for (const spec of indexSpecs(existing)) engine.createIndex(temp, spec);
      for (const d of docs) {
        const p = prepareRawDocument(d);
        validateDocument(validation, temp, p.raw, p.doc);
        checkCollatedUnique(engine, temp, p.doc);
        engine.insert(temp, p.raw, p.doc);
      }
    } catch (err) {
      engine.dropCollection(temp);
      throw err;
    }
    if (existing) engine.dropCollection(existing);
    engine.renameCollection(temp, target.db, target.coll);
  });
}

/** $merge: each result is matched on the `on` fields and inserted, merged, replaced, kept or refused. */
export async function writeMerge(
  ctx: CommandContext,
  target: Extract<OutputTarget, { kind: 'merge' }>,
  docs: Buffer[],
  options: MingoOptions,
): Promise<void> {
  const engine = ctx.state.engine;
  const onId = target.on.length === 1 && target.on[0] === '_id';
  const existing = engine.getCollection(target.db, target.coll);
  if (!onId) {
    const sameFields = (key: Document) =>
      Object.keys(key).length === target.on.length && target.on.every((f) => f in key);
    const unique = existing?.indexes.some(
      (ix) => ix.unique && !ix.partialFilterExpression && sameFields(ix.key as Document),
    );
    if (!unique) fail(51183, 'Cannot find index to verify that join fields will be unique');
  }
  // the pipeline's variables are evaluated against each source document ($$new is the document itself)
  const letSpec = target.let ?? { new: '$$ROOT' };
  if (Array.isArray(target.whenMatched))
    withLet(Object.fromEntries(Object.keys(letSpec).map((k) => [k, null])));
  await durableWrite(ctx, () => {
    const meta = engine.ensureCollection(target.db, target.coll).meta;
    for (const raw of docs) {
      let source = toMatchable(raw);
      let sourceRaw = raw;
      if (source._id === undefined && onId) {
        const p = prepareDocument(toTyped(raw));
        source = p.doc;
        sourceRaw = p.raw;
      }
      const filter: Document = {};
      for (const f of target.on) {
        const v = getPath(source, f);
        if (v === undefined || v === null || Array.isArray(v))
          fail(51132, `$merge write error: 'on' field '${f}' cannot be missing, null, undefined or an array`);
        filter[f] = { $eq: v };
      }
      let match: { raw: Buffer; doc: Document } | undefined;
      for (const m of matching(engine, meta, filter, choosePlan(meta, filter, []))) {
        match = { raw: m.raw, doc: toMatchable(m.raw) };
        break;
      }
      if (!match) {
        if (target.whenNotMatched === 'discard') continue;
        if (target.whenNotMatched === 'fail')
          fail(
            13113,
            'MergeStage could not find a matching document in the target collection for at least one document in the source collection',
          );
        const p = prepareRawDocument(sourceRaw);
        validateDocument(validationContext(ctx), meta, p.raw, p.doc);
        checkCollatedUnique(engine, meta, p.doc);
        engine.insert(meta, p.raw, p.doc);
        continue;
      }
      const mode = target.whenMatched;
      if (mode === 'keepExisting') continue;
      if (mode === 'fail') {
        const shown = target.on.map((f) => `${f}: ${JSON.stringify(getPath(source, f))}`).join(', ');
        fail(
          ErrorCodes.DuplicateKey,
          `$merge failed due to a DuplicateKey error :: caused by :: E11000 duplicate key error collection: ${target.db}.${target.coll} dup key: { ${shown} }`,
          { keyPattern: Object.fromEntries(target.on.map((f) => [f, 1])), keyValue: filter },
        );
      }
      const old = toTyped(match.raw);
      let next: Document;
      if (mode === 'replace') next = toTyped(sourceRaw);
      else if (mode === 'merge') next = { ...old, ...toTyped(sourceRaw) };
      else {
        try {
          const variables: Document = { ...options.variables };
          for (const [name, expr] of Object.entries(letSpec))
            variables[name] = evalExpr(pipelineDocument(sourceRaw), expr, options as never);
          // on the pipeline form of the documents, so that numbers keep their BSON type
          const [out] = new Aggregator(mode as Document[], { ...options, variables }).run([
            pipelineDocument(match.raw),
          ]) as Document[];
          next = (fromPipelineValue(out) as Document | undefined) ?? {};
        } catch (err) {
          throw translateMingoError(err);
        }
      }
      if (next._id !== undefined && compareValues(next._id, old._id) !== 0)
        fail(
          ErrorCodes.ImmutableField,
          `$merge failed to update the matching document, did you attempt to modify the _id or the shard key? :: caused by :: Performing an update on the path '_id' would modify the immutable field '_id'`,
        );
      const { _id: _drop, ...rest } = next;
      const nextRaw = Buffer.from(serialize({ _id: old._id, ...rest }));
      validateDocument(validationContext(ctx), meta, nextRaw, toMatchable(nextRaw), match.doc);
      checkCollatedUnique(engine, meta, toMatchable(nextRaw));
      engine.replace(meta, match, nextRaw, toMatchable(nextRaw));
    }
  });
}
