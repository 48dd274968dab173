// Where an aggregation on a collection gets its documents, and which of its first stages the index answers:
// a leading $match becomes the query's plan, a $sort the index already gives is dropped, a count ($count, or
// the driver's countDocuments $group) is counted on the index when the plan is exact, a $group on an indexed
// field counts each key's entries or streams documents in index order (one run of equal keys at a time), and
// every other stage is left to mingo.
import { Int32, Long, type Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { toMatchable, type Engine } from '../storage/engine';
import type { CollectionMeta } from '../storage/catalog-types';
import { translateMingoError, type MingoOptions } from '../storage/mingo-context';
import { pipelineDocument, toPipelineValue } from '../storage/bson-number';
import { segmentOffsets } from '../storage/key-segments';
import { matcher, matching, planQuery, test } from '../query/execute';
import { parseSort, type Plan } from '../query/planner';
import { entryDocument, groupCounts, planEntries, type QueryStats } from '../query/index-read';
import { countMatching } from './counting';
import { collatorFromOptions } from '../query/collation';
import { isPlainObject } from '../query/paths';
import { explainPlan } from './explain-tree';

export const stageName = (stage: unknown): string =>
  isPlainObject(stage) ? (Object.keys(stage)[0] ?? '') : '';

export interface PipelineSource {
  /** Documents in the pipeline's form (numbers keep their BSON type). */
  source: Iterable<Document>;
  /** How many of the stages after the $match the source has already applied. */
  consumed: number;
  /** The query-layer part of explain's winningPlan. */
  tree: Document;
}

/** A stage that counts its input: `$count`, or `$group` with a constant _id and only `{ $sum: 1 }`. */
function countStage(stage: Document): { output: (n: number) => Document } | undefined {
  const name = stageName(stage);
  if (name === '$count' && typeof stage.$count === 'string') {
    const field = stage.$count;
    return { output: (n) => ({ [field]: countValue(n) }) };
  }
  if (name !== '$group' || !isPlainObject(stage.$group)) return undefined;
  const { _id, ...accumulators } = stage.$group as Document;
  const constant =
    _id === null ||
    typeof _id === 'number' ||
    typeof _id === 'boolean' ||
    (typeof _id === 'string' && !_id.startsWith('$'));
  if (!constant || !sumsOfOne(accumulators)) return undefined;
  return {
    output: (n) => {
      const doc: Document = { _id };
      for (const k of Object.keys(accumulators)) doc[k] = countValue(n);
      return doc;
    },
  };
}

const sumsOfOne = (accumulators: Document): boolean =>
  Object.keys(accumulators).length > 0 &&
  Object.values(accumulators).every(
    (a) => isPlainObject(a) && Object.keys(a).length === 1 && Number((a as Document).$sum) === 1,
  );

/** $sum: 1 over n documents is an int32, or an int64 beyond int32's range. */
const countValue = (n: number): unknown => (n <= 0x7fffffff ? new Int32(n) : Long.fromNumber(n));

/** The grouped field of `{ $group: { _id: '$path', n: { $sum: 1 }, ... } }` (only counts), or undefined. */
function groupedField(stage: Document): { path: string; counts: boolean } | undefined {
  if (stageName(stage) !== '$group' || !isPlainObject(stage.$group)) return undefined;
  const { _id, ...accumulators } = stage.$group as Document;
  if (typeof _id !== 'string' || !_id.startsWith('$') || _id.startsWith('$$')) return undefined;
  return { path: _id.slice(1), counts: sumsOfOne(accumulators) };
}

/**
 * The source of a collection pipeline whose leading $match (if any) is `filter` and whose next stages are
 * `rest`. Counts and key-ordered groups are answered here when the index allows.
 */
export function pipelineSource(
  engine: Engine,
  meta: CollectionMeta,
  filter: Document,
  rest: Document[],
  typedRest: Document[],
  options: MingoOptions,
  hint: unknown,
  stats?: QueryStats,
): PipelineSource {
  const collated = Boolean(collatorFromOptions(options));
  // $skip and $limit before a count only change the number
  let i = 0;
  const cuts: Document[] = [];
  while (
    i < rest.length &&
    ['$skip', '$limit'].includes(stageName(rest[i])) &&
    typeof Object.values(rest[i]!)[0] === 'number'
  )
    cuts.push(rest[i++]!);
  const counter = rest[i] ? countStage(rest[i]!) : undefined;
  if (counter) {
    const counted = countMatching(engine, meta, filter, options, hint, stats);
    let n = counted.n;
    const tree = counted.tree;
    for (const cut of cuts)
      n = '$skip' in cut ? Math.max(0, n - Number(cut.$skip)) : Math.min(n, Number(cut.$limit));
    const source = n > 0 ? [toPipelineValue(counter.output(n)) as Document] : [];
    return { source, consumed: i + 1, tree };
  }

  const group = rest[0] ? groupedField(rest[0]) : undefined;
  if (group && !collated) {
    const plan = planQuery(meta, filter, [{ path: group.path, dir: 1 }], options, hint);
    const ix = plan.index;
    const field = ix ? ix.fields.findIndex((f) => f.path === group.path) : -1;
    // equal keys must be equal group keys and lie together: no arrays, no shortened keys, the index's order
    if (ix && field >= 0 && plan.providesSort && ix.arrays === false && !ix.longKeys && !plan.union) {
      if (group.counts && plan.exact) {
        const accumulators = Object.keys(rest[0]!.$group as Document).filter((k) => k !== '_id');
        const source = (function* () {
          for (const { value, count } of groupCounts(engine, meta, plan, field, stats)) {
            const doc: Document = { _id: value ?? null };
            for (const k of accumulators) doc[k] = countValue(count);
            yield toPipelineValue(doc) as Document;
          }
        })();
        return {
          source,
          consumed: 1,
          tree: { stage: 'GROUP', inputStage: explainPlan(plan, filter, 'COUNT_SCAN') },
        };
      }
      return {
        source: groupRuns(engine, meta, plan, field, filter, typedRest[0]!, options, stats),
        consumed: 1,
        tree: { stage: 'GROUP', inputStage: explainPlan(plan, filter) },
      };
    }
  }

  const sort = stageName(rest[0]) === '$sort' ? parseSort(rest[0]!.$sort) : [];
  const plan = planQuery(meta, filter, sort, options, hint);
  // an index that yields the $sort order replaces the stage
  const consumed = sort.length && plan.providesSort && !collated ? 1 : 0;
  const docs = matching(engine, meta, filter, plan, stats, options);
  const source = (function* () {
    for (const { raw } of docs) yield pipelineDocument(raw);
  })();
  return { source, consumed, tree: explainPlan(plan, filter) };
}

/** Documents in index order, grouped one run of equal keys at a time by the pipeline's own $group. */
function* groupRuns(
  engine: Engine,
  meta: CollectionMeta,
  plan: Plan,
  field: number,
  filter: Document,
  stage: Document,
  options: MingoOptions,
  stats?: QueryStats,
): Generator<Document> {
  const q = plan.exact ? undefined : matcher(filter, options);
  const dirs = (plan.fields ?? []).map((f) => f.dir);
  let run: Document[] = [];
  let runKey: Buffer | undefined;
  const flush = function* (): Generator<Document> {
    if (!run.length) return;
    let out: Iterable<unknown>;
    try {
      out = new Aggregator([stage], options).run(run);
    } catch (err) {
      throw translateMingoError(err);
    }
    run = [];
    yield* out as Iterable<Document>;
  };
  for (const e of planEntries(engine, meta, plan, stats)) {
    const offs = segmentOffsets(e.key, 4, dirs, field + 1);
    const key = e.key.subarray(offs[field], offs[field + 1]);
    if (runKey && !key.equals(runKey)) yield* flush();
    runKey = key;
    const raw = entryDocument(engine, meta, plan, e);
    if (stats) stats.docsExamined++;
    if (!raw) continue;
    if (q && !test(q, toMatchable(raw))) continue;
    run.push(pipelineDocument(raw));
  }
  yield* flush();
}
