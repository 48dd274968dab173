// count and distinct answered from the index when the plan is exact: entries are counted (by LMDB itself
// when nothing has to be checked per entry) and distinct values are read one seek per value. Otherwise the
// matching documents are read. Each answer comes with its explain tree.
import type { Document } from 'bson';
import type { Engine } from '../storage/engine';
import type { CollectionMeta } from '../storage/catalog-types';
import type { MingoOptions } from '../storage/mingo-context';
import { encodeKey } from '../storage/key-encoding';
import { pipelineDocument } from '../storage/bson-number';
import { matching, planQuery } from '../query/execute';
import { choosePlan, type Plan } from '../query/planner';
import { countPlan, distinctScan, type QueryStats } from '../query/index-read';
import { collatorFromOptions } from '../query/collation';
import { CollationKeys } from '../query/collation-keys';
import { impliesFilter } from '../query/implication';
import { pathValues } from '../query/paths';
import { explainPlan } from './explain-tree';

/** How many documents match `filter`, and the COUNT tree explain shows. */
export function countMatching(
  engine: Engine,
  meta: CollectionMeta,
  filter: Document,
  options: MingoOptions,
  hint: unknown,
  stats?: QueryStats,
): { n: number; tree: Document } {
  if (Object.keys(filter).length === 0 && hint === undefined)
    return { n: meta.count, tree: { stage: 'RECORD_STORE_FAST_COUNT' } };
  const plan = planQuery(meta, filter, [], options, hint);
  if (plan.exact && !plan.union)
    return {
      n: countPlan(engine, meta, plan, stats),
      tree: { stage: 'COUNT', inputStage: explainPlan(plan, filter, 'COUNT_SCAN') },
    };
  let n = 0;
  for (const _ of matching(engine, meta, filter, plan, stats, options)) n++;
  return { n, tree: { stage: 'COUNT', inputStage: explainPlan(plan, filter) } };
}

/**
 * An index plan that can list the distinct values of `key` from its keys: the filter is exact on it, every
 * field before `key` holds one value, and (with several keys per document) `key` itself is not bounded, since
 * a matching document's other elements are values too.
 */
function distinctPlan(
  meta: CollectionMeta,
  key: string,
  filter: Document,
  options: MingoOptions,
  hint: unknown,
): { plan: Plan; field: number } | undefined {
  const collated = Boolean(collatorFromOptions(options));
  for (const ix of meta.indexes) {
    const field = ix.fields.findIndex((f) => f.path === key);
    if (field < 0) continue;
    if (hint !== undefined && hint !== ix.name && JSON.stringify(hint) !== JSON.stringify(ix.key)) continue;
    if (ix.partialFilterExpression && !impliesFilter(filter, ix.partialFilterExpression, collated)) continue;
    const plan = choosePlan(meta, filter, [], { collated, hint: ix.name });
    if (!plan.exact || plan.union) continue;
    const bounds = plan.bounds ?? [];
    const fixed = bounds
      .slice(0, field)
      .every((b) => b !== undefined && b.intervals.length === 1 && b.intervals[0]!.point);
    if (!fixed || (ix.multikey && bounds[field] !== undefined)) continue;
    return { plan, field };
  }
  return undefined;
}

/** The distinct values of `key` among the documents `filter` matches, in MongoDB's order. */
export function distinctValues(
  engine: Engine,
  meta: CollectionMeta,
  key: string,
  filter: Document,
  options: MingoOptions,
  hint: unknown,
  stats?: QueryStats,
): { values: unknown[]; tree: Document } {
  const collator = collatorFromOptions(options);
  const sorted = (values: Map<string, unknown>) =>
    [...values.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const viaIndex = collator ? undefined : distinctPlan(meta, key, filter, options, hint);
  if (viaIndex) {
    const values = distinctScan(engine, meta, viaIndex.plan, viaIndex.field, stats);
    return {
      values: sorted(values),
      tree: { stage: 'PROJECTION_COVERED', inputStage: explainPlan(viaIndex.plan, filter, 'DISTINCT_SCAN') },
    };
  }
  const plan = planQuery(meta, filter, [], options, hint);
  const values = new Map<string, unknown>();
  // strings equal under the collation count once (the first one met is returned)
  const collated = collator ? new CollationKeys(collator) : undefined;
  for (const { raw } of matching(engine, meta, filter, plan, stats, options)) {
    for (const v of pathValues(pipelineDocument(raw), key)) {
      if (v === undefined) continue;
      const k = encodeKey([collated ? collated.canonical(v) : v], undefined, true).toString('latin1');
      if (!values.has(k)) values.set(k, v);
    }
  }
  return { values: sorted(values), tree: explainPlan(plan, filter) };
}
