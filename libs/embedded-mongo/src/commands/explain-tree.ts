// explain's winningPlan trees, with MongoDB's stage names: COLLSCAN, IXSCAN (under FETCH when documents are
// read), COUNT_SCAN, DISTINCT_SCAN, PROJECTION_COVERED, OR, SORT, SKIP, LIMIT.
import type { Document } from 'bson';
import type { Plan } from '../query/planner';
import { isPlainObject } from '../query/paths';

function indexStage(plan: Plan, stage: string): Document {
  const ix = plan.index;
  return {
    stage,
    keyPattern: ix?.key ?? { _id: 1 },
    indexName: plan.indexName ?? '_id_',
    isMultiKey: ix?.multikey ?? false,
    isUnique: ix ? ix.unique : true,
    isSparse: ix?.sparse ?? false,
    isPartial: Boolean(ix?.partialFilterExpression),
    direction: plan.reverse ? 'backward' : 'forward',
    // not MongoDB's: the index whose native counts let this scan jump over runs that fail its key filter
    ...(plan.runSkip ? { runsSkippedWith: plan.runSkip.companion.name } : {}),
  };
}

/**
 * The read part of a plan. `leaf` replaces the fetch: COUNT_SCAN or DISTINCT_SCAN (no document read), or
 * PROJECTION_COVERED over the IXSCAN.
 */
export function explainPlan(
  plan: Plan,
  filter: Document,
  leaf?: 'COUNT_SCAN' | 'DISTINCT_SCAN' | 'PROJECTION_COVERED',
): Document {
  if (plan.stage === 'COLLSCAN' && !plan.union) {
    const scan: Document = { stage: 'COLLSCAN', direction: plan.reverse ? 'backward' : 'forward' };
    if (Object.keys(filter).length) scan.filter = filter;
    return scan;
  }
  if (plan.union)
    return {
      stage: 'FETCH',
      filter,
      inputStage: { stage: 'OR', inputStages: plan.union.map((p) => indexStage(p, 'IXSCAN')) },
    };
  if (leaf === 'COUNT_SCAN' || leaf === 'DISTINCT_SCAN') return indexStage(plan, leaf);
  if (leaf === 'PROJECTION_COVERED')
    return { stage: 'PROJECTION_COVERED', inputStage: indexStage(plan, 'IXSCAN') };
  const fetch: Document = { stage: 'FETCH', inputStage: indexStage(plan, 'IXSCAN') };
  if (!plan.exact && Object.keys(filter).length) fetch.filter = filter;
  return fetch;
}

/** A find's tree: the read, then SORT (when the index does not give the order), SKIP, LIMIT, projection. */
export function explainFind(
  plan: Plan,
  spec: { filter: Document; sort?: Document; skip: number; limit: number; projection?: Document },
  covered: boolean,
): Document {
  let tree = covered
    ? explainPlan(plan, spec.filter, 'PROJECTION_COVERED').inputStage
    : explainPlan(plan, spec.filter);
  const sorted = spec.sort && Object.keys(spec.sort).length && !plan.providesSort;
  if (sorted) tree = { stage: 'SORT', sortPattern: spec.sort, inputStage: tree };
  if (spec.skip) tree = { stage: 'SKIP', skipAmount: spec.skip, inputStage: tree };
  if (spec.limit) tree = { stage: 'LIMIT', limitAmount: spec.limit, inputStage: tree };
  if (covered) return { stage: 'PROJECTION_COVERED', transformBy: spec.projection, inputStage: tree };
  if (isPlainObject(spec.projection) && Object.keys(spec.projection).length)
    tree = { stage: 'PROJECTION_DEFAULT', transformBy: spec.projection, inputStage: tree };
  return tree;
}
