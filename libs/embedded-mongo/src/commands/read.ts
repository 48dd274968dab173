// find, getMore, killCursors, count, distinct, aggregate and explain.
import { Long, type Document } from 'bson';
import { ErrorCodes, fail } from '../errors';
import type { CommandContext, CommandHandler } from './context';
import { collectionName, docOrEmpty, num } from './util';
import { runQuery, type QueryTrace } from '../query/execute';
import { newStats } from '../query/index-read';
import { parseHint, parseSort } from '../query/planner';
import type { Pushback } from './batches';
import { firstBatchReply, takeBatch } from './batches';
import { cursorReply } from '../wire/raw-bson';
import { baseOptions, compileQuery } from '../storage/mingo-context';
import { fromPipelineValue } from '../storage/bson-number';
import { isPlainObject } from '../query/paths';
import { explainAggregate } from './aggregate';
import { checkVariables, withLet } from '../query/variables';
import { collectionCollation, withCollation } from '../query/collation';
import { countMatching, distinctValues } from './counting';
import { explainFind } from './explain-tree';

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
    hint: parseHint(b.hint),
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
  const hint = parseHint(ctx.body.hint);
  if (!meta) return { n: 0, ok: 1 };
  let { n } = countMatching(ctx.state.engine, meta, query, options, hint);
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
};

function distinctKey(body: Document): string {
  const key = body.key;
  if (typeof key !== 'string')
    fail(ErrorCodes.TypeMismatch, "BSON field 'distinct.key' is missing but a required field");
  return key as string;
}

export const distinct: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'distinct');
  const key = distinctKey(ctx.body);
  const query = docOrEmpty(ctx.body.query, 'query');
  const options = withCollation(
    ctx.body.collation ?? collectionCollation(ctx.state.engine, ctx.db, name),
    baseOptions,
  );
  compileQuery(query, options);
  const hint = parseHint(ctx.body.hint);
  const meta = ctx.state.engine.getCollection(ctx.db, name);
  const values = meta ? distinctValues(ctx.state.engine, meta, key, query, options, hint).values : [];
  return { values: fromPipelineValue(values), ok: 1 };
};

/** explain for find/count/distinct/aggregate/update/delete/findAndModify: the plan and what it examined. */
export const explain: CommandHandler = (ctx) => {
  const inner = ctx.body.explain as Document;
  if (!isPlainObject(inner)) fail(ErrorCodes.FailedToParse, 'explain command requires a nested object');
  const cmd = Object.keys(inner)[0] ?? '';
  const name = inner[cmd];
  const engine = ctx.state.engine;
  const meta = typeof name === 'string' ? engine.getCollection(ctx.db, name) : undefined;
  const options = withCollation(
    inner.collation ?? collectionCollation(engine, ctx.db, name),
    withLet(inner.let as Document | undefined),
  );
  const stats = newStats();
  const started = Date.now();
  let filter: Document = {};
  let winningPlan: Document = { stage: 'EOF' };
  let extra: Document = {};
  const hint = parseHint(inner.hint);
  if (cmd === 'aggregate') {
    const out = explainAggregate(ctx, inner, stats);
    filter = out.filter;
    winningPlan = out.tree;
    extra = { stages: out.stages };
  } else if (cmd === 'count') {
    filter = docOrEmpty(inner.query, 'query');
    compileQuery(filter, options);
    if (meta) {
      const r = countMatching(engine, meta, filter, options, hint, stats);
      winningPlan = r.tree.stage === 'COUNT' ? r.tree : { stage: 'COUNT', inputStage: r.tree };
      stats.returned = 0;
    }
  } else if (cmd === 'distinct') {
    filter = docOrEmpty(inner.query, 'query');
    compileQuery(filter, options);
    if (meta) {
      const r = distinctValues(engine, meta, distinctKey(inner), filter, options, hint, stats);
      winningPlan = r.tree;
      stats.returned = r.values.length;
    }
  } else {
    let sort: Document | undefined;
    let skip = 0;
    let limit = 0;
    let projection: Document | undefined;
    if (cmd === 'find') {
      filter = docOrEmpty(inner.filter, 'filter');
      sort = inner.sort as Document | undefined;
      skip = num(inner.skip);
      limit = Math.abs(num(inner.limit));
      projection = isPlainObject(inner.projection) ? (inner.projection as Document) : undefined;
    } else if (cmd === 'update' || cmd === 'delete') {
      const stmt = ((inner.updates ?? inner.deletes) as Document[] | undefined)?.[0];
      filter = docOrEmpty(stmt?.q, 'q');
      limit = cmd === 'delete' ? num(stmt?.limit) : stmt?.multi === true ? 0 : 1;
    } else if (cmd === 'findAndModify') {
      filter = docOrEmpty(inner.query, 'query');
      sort = inner.sort as Document | undefined;
      limit = 1;
    } else fail(ErrorCodes.CommandNotFound, `Explain failed due to unknown command: ${cmd}`);
    compileQuery(filter, options);
    if (meta) {
      const spec = { filter, sort: parseSort(sort), skip, limit, projection, options, hint };
      const trace: QueryTrace = {};
      for (const _ of runQuery(engine, meta, spec, stats, trace)) {
        /* counting */
      }
      winningPlan = explainFind(
        trace.plan!,
        { filter, sort, skip, limit, projection },
        trace.covered === true,
      );
    }
  }
  const executionStats = {
    executionSuccess: true,
    nReturned: stats.returned,
    executionTimeMillis: Date.now() - started,
    totalKeysExamined: stats.keysExamined,
    totalDocsExamined: stats.docsExamined,
    executionStages: winningPlan,
  };
  return {
    explainVersion: '1',
    queryPlanner: {
      namespace: `${ctx.db}.${String(name)}`,
      parsedQuery: filter,
      winningPlan,
      rejectedPlans: [],
    },
    executionStats,
    ...extra,
    command: inner,
    ok: 1,
  };
};

export { num };
export type { CommandContext };
