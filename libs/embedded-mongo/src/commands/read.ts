// find, getMore, killCursors, count, distinct, aggregate and explain.
import { Long, type Document } from 'bson';
import { ErrorCodes, fail } from '../errors';
import type { CommandContext, CommandHandler } from './context';
import { collectionName, docOrEmpty, num } from './util';
import { runQuery, matching, type QueryStats } from '../query/execute';
import { choosePlan, parseSort, type Plan } from '../query/planner';
import type { Pushback } from './batches';
import { firstBatchReply, takeBatch } from './batches';
import { cursorReply } from '../wire/raw-bson';
import { baseOptions, compileQuery } from '../storage/mingo-context';
import { fromPipelineValue, pipelineDocument } from '../storage/bson-number';
import { encodeKey } from '../storage/key-encoding';
import { pathValues, isPlainObject } from '../query/paths';
import { stageName } from './aggregate';
import { checkVariables, withLet } from '../query/variables';
import { collatorFromOptions, collectionCollation, withCollation } from '../query/collation';

const DEFAULT_BATCH = 101;

export const find: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'find');
  const b = ctx.body;
  const meta = ctx.state.engine.getCollection(ctx.db, name);
  const filter = docOrEmpty(b.filter, 'filter');
  const options = withCollation(
    b.collation ?? collectionCollation(ctx.state.engine, ctx.db, name),
    withLet(b.let),
  );
  const projected = isPlainObject(b.projection) ? [[{ $project: b.projection }]] : [];
  checkVariables(options, { filters: [filter], pipelines: projected });
  compileQuery(filter, options); // reports unknown operators even on a missing collection
  let limit = num(b.limit);
  let singleBatch = b.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  if (b.tailable === true)
    fail(
      ErrorCodes.BadValue,
      `error processing query: ns=${ctx.db}.${name} tailable cursor requested on non capped collection`,
    );
  if (num(b.skip) < 0)
    fail(51024, "BSON field 'skip' value must be >= 0, actual value '" + num(b.skip) + "'");
  const spec = {
    filter,
    sort: parseSort(b.sort),
    skip: num(b.skip),
    limit,
    projection: b.projection as Document | undefined,
    options,
  };
  const batchSize = b.batchSize === undefined ? DEFAULT_BATCH : num(b.batchSize);
  const firstMax = limit && (!batchSize || limit < batchSize) ? limit : batchSize;
  return firstBatchReply(
    ctx,
    `${ctx.db}.${name}`,
    runQuery(ctx.state.engine, meta, spec),
    firstMax,
    singleBatch,
  );
};

export const getMore: CommandHandler = (ctx) => {
  const raw = ctx.typed.getMore;
  const id = raw instanceof Long ? raw.toBigInt() : BigInt(num(raw));
  const cursor = ctx.state.cursors.get(id);
  if (!cursor) fail(ErrorCodes.CursorNotFound, `cursor id ${id} not found`);
  const ns = cursor!.ns;
  if (typeof ctx.body.collection === 'string' && ns !== `${ctx.db}.${ctx.body.collection}`)
    fail(
      ErrorCodes.BadValue ?? 13,
      `Requested getMore on namespace '${ctx.db}.${ctx.body.collection}', but cursor belongs to a different namespace ${ns}`,
    );
  const source = cursor!.source as Pushback;
  const { docs, done } = takeBatch(source, num(ctx.body.batchSize));
  if (done) ctx.state.cursors.kill(id);
  return cursorReply('nextBatch', docs, done ? 0n : id, ns);
};

export const killCursors: CommandHandler = (ctx) => {
  const ids = (ctx.typed.cursors as unknown[] | undefined) ?? [];
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const raw of ids) {
    const id = raw instanceof Long ? raw.toBigInt() : BigInt(num(raw));
    (ctx.state.cursors.kill(id) ? killed : notFound).push(Long.fromBigInt(id));
  }
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

export const count: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'count');
  const meta = ctx.state.engine.getCollection(ctx.db, name);
  const query = docOrEmpty(ctx.body.query, 'query');
  const options = withCollation(
    ctx.body.collation ?? collectionCollation(ctx.state.engine, ctx.db, name),
    baseOptions,
  );
  compileQuery(query, options);
  const skip = num(ctx.body.skip);
  if (skip < 0) fail(51024, `BSON field 'skip' value must be >= 0, actual value '${skip}'`);
  const limit = Math.abs(num(ctx.body.limit));
  if (!meta) return { n: 0, ok: 1 };
  let n: number;
  if (Object.keys(query).length === 0) n = meta.count;
  else {
    n = 0;
    for (const _ of matching(ctx.state.engine, meta, query, choosePlan(meta, query, []), undefined, options))
      n++;
  }
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
};

export const distinct: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'distinct');
  const key = ctx.body.key;
  if (typeof key !== 'string')
    fail(ErrorCodes.TypeMismatch, "BSON field 'distinct.key' is missing but a required field");
  const query = docOrEmpty(ctx.body.query, 'query');
  const options = withCollation(
    ctx.body.collation ?? collectionCollation(ctx.state.engine, ctx.db, name),
    baseOptions,
  );
  const collator = collatorFromOptions(options);
  compileQuery(query, options);
  const meta = ctx.state.engine.getCollection(ctx.db, name);
  const values = new Map<string, unknown>();
  // strings equal under the collation count once (the first one met is returned)
  const strings: string[] = [];
  if (meta) {
    const plan = choosePlan(meta, query, []);
    for (const { raw } of matching(ctx.state.engine, meta, query, plan, undefined, options)) {
      for (const v of pathValues(pipelineDocument(raw), key as string)) {
        if (v === undefined) continue;
        if (collator && typeof v === 'string') {
          if (strings.some((w) => collator.compare(v, w) === 0)) continue;
          strings.push(v);
        }
        values.set(encodeKey([v], undefined, true).toString('latin1'), v);
      }
    }
  }
  const sorted = [...values.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { values: fromPipelineValue(sorted), ok: 1 };
};

/** explain for find/count/distinct/aggregate: reports the plan and what it examined. */
export const explain: CommandHandler = (ctx) => {
  const inner = ctx.body.explain as Document;
  if (!isPlainObject(inner)) fail(ErrorCodes.FailedToParse, 'explain command requires a nested object');
  const cmd = Object.keys(inner)[0] ?? '';
  const name = inner[cmd];
  const meta = typeof name === 'string' ? ctx.state.engine.getCollection(ctx.db, name) : undefined;
  let filter: Document = {};
  let sort: Document | undefined;
  let skip = 0;
  let limit = 0;
  if (cmd === 'find') {
    filter = docOrEmpty(inner.filter, 'filter');
    sort = inner.sort as Document | undefined;
    skip = num(inner.skip);
    limit = Math.abs(num(inner.limit));
  } else if (cmd === 'count' || cmd === 'distinct') filter = docOrEmpty(inner.query, 'query');
  else if (cmd === 'aggregate') {
    const first = (inner.pipeline as Document[] | undefined)?.[0];
    if (first && stageName(first) === '$match') filter = first.$match as Document;
  } else if (cmd === 'update' || cmd === 'delete') {
    const stmt = ((inner.updates ?? inner.deletes) as Document[] | undefined)?.[0];
    filter = docOrEmpty(stmt?.q, 'q');
  } else if (cmd === 'findAndModify') filter = docOrEmpty(inner.query, 'query');
  const parsedSort = parseSort(sort);
  const stats: QueryStats = { keysExamined: 0, docsExamined: 0, returned: 0 };
  let winningPlan: Document = { stage: 'EOF' };
  if (meta) {
    const plan = choosePlan(meta, filter, parsedSort);
    const ixscan = (p: Plan): Document => ({
      stage: 'IXSCAN',
      indexName: p.indexName,
      keyPattern: p.index?.key ?? { _id: 1 },
      isMultiKey: p.index?.multikey ?? false,
      direction: p.reverse ? 'backward' : 'forward',
    });
    const scan: Document =
      plan.stage === 'COLLSCAN'
        ? { stage: 'COLLSCAN', filter, direction: 'forward' }
        : plan.union
          ? { stage: 'FETCH', filter, inputStage: { stage: 'OR', inputStages: plan.union.map(ixscan) } }
          : { stage: 'FETCH', filter, inputStage: ixscan(plan) };
    winningPlan =
      parsedSort.length && !plan.providesSort ? { stage: 'SORT', sortPattern: sort, inputStage: scan } : scan;
    for (const _ of runQuery(ctx.state.engine, meta, { filter, sort: parsedSort, skip, limit }, stats)) {
      /* counting */
    }
  }
  return {
    queryPlanner: {
      namespace: `${ctx.db}.${String(name)}`,
      parsedQuery: filter,
      winningPlan,
      rejectedPlans: [],
    },
    executionStats: {
      executionSuccess: true,
      nReturned: stats.returned,
      totalDocsExamined: stats.docsExamined,
      totalKeysExamined: stats.docsExamined,
    },
    command: inner,
    ok: 1,
  };
};

export { num };
export type { CommandContext };
