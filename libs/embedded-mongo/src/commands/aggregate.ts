// The aggregate command: on a collection or on the database ({ aggregate: 1 } with $documents), with
// $collStats as a first stage and $out / $merge as the last one. mingo runs the stages in between.
import { serialize, type Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { ErrorCodes, fail } from '../errors';
import type { CommandHandler } from './context';
import { num } from './util';
import { parseHint } from '../query/planner';
import type { QueryStats } from '../query/index-read';
import { pipelineSource, stageName } from './aggregate-source';
import { firstBatchReply } from './batches';
import { compileQuery, pipelineOptions, translateMingoError } from '../storage/mingo-context';
import { fromPipelineValue, pipelineDocument, pipelineStages } from '../storage/bson-number';
import { isPlainObject } from '../query/paths';
import { checkVariables, withLet } from '../query/variables';
import { collectionCollation, withCollation } from '../query/collation';
import { collStats } from './ddl';
import { parseMerge, writeMerge, writeOut, type OutputTarget } from './aggregate-output';

const DEFAULT_BATCH = 101;

export { stageName };

/** Stages that need no collection: the only ones allowed first in { aggregate: 1 }. */
const COLLECTIONLESS = new Set(['$documents', '$currentOp', '$listLocalSessions', '$changeStream']);

export const aggregate: CommandHandler = async (ctx) => {
  const target = ctx.body.aggregate;
  const pipeline = ctx.body.pipeline;
  if (!Array.isArray(pipeline))
    fail(ErrorCodes.TypeMismatch, "'pipeline' option must be specified as an array");
  const stages = pipeline as Document[];
  stages.forEach((s, i) => {
    if (!isPlainObject(s) || Object.keys(s).length !== 1)
      fail(40323, 'A pipeline stage specification object must contain exactly one field.');
    const name = stageName(s);
    if (name === '$changeStream')
      fail(ErrorCodes.Location40573, 'The $changeStream stage is only supported on replica sets');
    if ((name === '$out' || name === '$merge') && i !== stages.length - 1)
      fail(40601, `${name} can only be the final stage in the pipeline`);
    if ((name === '$collStats' || name === '$documents') && i !== 0)
      fail(40602, `${name} is only valid as the first stage in a pipeline`);
  });
  if (!isPlainObject(ctx.body.cursor) && !ctx.body.explain)
    fail(
      ErrorCodes.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  const engine = ctx.state.engine;
  const options = withCollation(
    ctx.body.collation ?? collectionCollation(engine, ctx.db, target),
    withLet(ctx.body.let, pipelineOptions),
  );
  checkVariables(options, { pipelines: [stages] });
  const first = stageName(stages[0]);
  if (typeof target !== 'string') {
    if (target !== 1) fail(ErrorCodes.InvalidNamespace, 'Invalid aggregate namespace');
    if (!stages.length)
      fail(ErrorCodes.InvalidNamespace, '{aggregate: 1} is not valid for an empty pipeline.');
    if (!COLLECTIONLESS.has(first))
      fail(
        ErrorCodes.InvalidNamespace,
        `{aggregate: 1} is not valid for '${first}'; a collection is required.`,
      );
    if (first === '$currentOp' || first === '$listLocalSessions')
      fail(
        ErrorCodes.NotImplemented,
        `${first} is not supported by this server: it has no operation or session registry to report`,
      );
  } else if (first === '$documents') {
    fail(ErrorCodes.InvalidNamespace, `'$documents' can only be run with {aggregate: 1}`);
  }
  const ns = `${ctx.db}.${typeof target === 'string' ? target : '$cmd.aggregate'}`;

  let output: OutputTarget | undefined;
  let rest = stages;
  const last = rest[rest.length - 1];
  if (stageName(last) === '$out' || stageName(last) === '$merge') {
    output = parseMerge(ctx.db, last!);
    rest = rest.slice(0, -1);
  }

  let source: Iterable<Document> = [];
  if (typeof target === 'string') {
    const meta = engine.getCollection(ctx.db, target);
    if (first === '$collStats') {
      source = [collStatsDocument(ctx, target, rest[0]!.$collStats)];
      rest = rest.slice(1);
    } else {
      let filter: Document = {};
      if (stageName(rest[0]) === '$match' && !JSON.stringify(rest[0]).includes('$$')) {
        filter = rest[0]!.$match as Document;
        rest = rest.slice(1);
      }
      compileQuery(filter, options);
      if (meta) {
        const end = stages.length - (output ? 1 : 0);
        const typedRest = pipelineStages(ctx.typed.pipeline).slice(end - rest.length, end);
        const from = pipelineSource(engine, meta, filter, rest, typedRest, options, parseHint(ctx.body.hint));
        source = from.source;
        rest = rest.slice(from.consumed);
      }
    }
  }
  // the remaining stages from the exactly typed command, so that numbers keep their BSON type
  const end = stages.length - (output ? 1 : 0);
  rest = pipelineStages(ctx.typed.pipeline).slice(end - rest.length, end);
  // mingo's $count emits { n: 0 } for no input; MongoDB emits nothing
  rest = rest.flatMap((s) =>
    stageName(s) === '$count'
      ? [{ $group: { _id: null, [String(s.$count)]: { $sum: 1 } } }, { $project: { _id: 0 } }]
      : [s],
  );
  const resolver = (name: string): Document[] => {
    const meta = engine.getCollection(ctx.db, name);
    if (!meta) return [];
    const out: Document[] = [];
    for (const raw of engine.scanPrimary(meta, undefined, false)) out.push(pipelineDocument(raw));
    return out;
  };
  let results: Iterator<Document>;
  try {
    const agg = new Aggregator(rest, { ...options, collectionResolver: resolver });
    results = agg.stream(source as Iterable<unknown>) as unknown as Iterator<Document>;
  } catch (err) {
    throw translateMingoError(err);
  }
  const serialized = (function* () {
    try {
      for (;;) {
        const r = results.next();
        if (r.done) return;
        yield Buffer.from(serialize(fromPipelineValue(r.value) as Document));
      }
    } catch (err) {
      throw translateMingoError(err);
    }
  })();
  if (output) {
    const docs: Buffer[] = [];
    for (const d of serialized) docs.push(d);
    if (output.kind === 'out') await writeOut(ctx, output, docs);
    else await writeMerge(ctx, output, docs, options);
    return firstBatchReply(ctx, ns, [][Symbol.iterator](), 0);
  }
  const cursorOpts = (ctx.body.cursor ?? {}) as Document;
  const batchSize = cursorOpts.batchSize === undefined ? DEFAULT_BATCH : num(cursorOpts.batchSize);
  // the first batch is computed now so pipeline errors surface as command errors
  return firstBatchReply(ctx, ns, serialized, batchSize);
};

/** The one document $collStats produces: count and storageStats are supported. */
function collStatsDocument(ctx: Parameters<CommandHandler>[0], name: string, spec: unknown): Document {
  if (!isPlainObject(spec))
    fail(ErrorCodes.FailedToParse, '$collStats must take a nested object but found: ' + String(spec));
  const s = spec as Document;
  const out: Document = {
    ns: `${ctx.db}.${name}`,
    host: `${ctx.state.host}:${ctx.state.port}`,
    localTime: new Date(),
  };
  const meta = ctx.state.engine.getCollection(ctx.db, name);
  for (const key of Object.keys(s)) {
    if (key === 'count') {
      if (!meta) fail(ErrorCodes.NamespaceNotFound, 'Unable to retrieve count in $collStats stage');
      out.count = meta!.count;
    } else if (key === 'storageStats') {
      if (!meta) fail(ErrorCodes.NamespaceNotFound, 'Unable to retrieve storageStats in $collStats stage');
      const { ok: _ok, ...stats } = collStats({
        ...ctx,
        body: { collStats: name, scale: (s.storageStats as Document | undefined)?.scale },
      }) as Document;
      out.storageStats = stats;
    } else {
      fail(
        ErrorCodes.NotImplemented,
        `$collStats '${key}' is not supported by this server; count and storageStats are`,
      );
    }
  }
  return out;
}

/**
 * explain of an aggregate on a collection: the part the query layer answers (its leading $match, and a count,
 * group or sort the index answers) as queryPlanner's winningPlan, run to count what it examined, and the
 * stages left to the pipeline.
 */
export function explainAggregate(
  ctx: Parameters<CommandHandler>[0],
  inner: Document,
  stats: QueryStats,
): { filter: Document; tree: Document; stages: Document[] } {
  const engine = ctx.state.engine;
  const target = inner.aggregate;
  const stages = Array.isArray(inner.pipeline) ? (inner.pipeline as Document[]) : [];
  const options = withCollation(
    inner.collation ?? collectionCollation(engine, ctx.db, target),
    withLet(inner.let, pipelineOptions),
  );
  const meta = typeof target === 'string' ? engine.getCollection(ctx.db, target) : undefined;
  const last = stageName(stages[stages.length - 1]);
  const end = stages.length - (last === '$out' || last === '$merge' ? 1 : 0);
  const begin = stageName(stages[0]) === '$match' && !JSON.stringify(stages[0]).includes('$$') ? 1 : 0;
  const filter: Document = begin ? (stages[0]!.$match as Document) : {};
  const rest = stages.slice(begin, end);
  compileQuery(filter, options);
  if (!meta) return { filter, tree: { stage: 'EOF' }, stages: rest };
  const typed = pipelineStages((ctx.typed.explain as Document | undefined)?.pipeline ?? []);
  const from = pipelineSource(
    engine,
    meta,
    filter,
    rest,
    typed.slice(begin, end),
    options,
    parseHint(inner.hint),
    stats,
  );
  for (const _ of from.source) stats.returned++;
  return { filter, tree: from.tree, stages: rest.slice(from.consumed) };
}
