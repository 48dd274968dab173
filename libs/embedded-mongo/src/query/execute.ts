// Runs a find-shaped query: planned read, full filter (unless the plan is exact), in-memory sort when no index
// gives the order, skip, limit and projection. Results are the stored BSON bytes (exact types) unless
// projected; a projection covered by an exact index plan is built from the index keys.
import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { compileQuery, translateMingoError, type MingoOptions } from '../storage/mingo-context';
import { toMatchable, type Engine } from '../storage/engine';
import type { CollectionMeta } from '../storage/catalog-types';
import { choosePlan, fullScan, type Plan, type SortField } from './planner';
import { collatorFromOptions } from './collation';
import { encodeKey, compareValues } from '../storage/key-encoding';
import { pathValues } from './paths';
import { makeProjector } from './projection';
import { coveredProjector, entryDocument, planEntries, type QueryStats } from './index-read';

export type { QueryStats } from './index-read';

export interface QuerySpec {
  filter: Document;
  sort: SortField[];
  skip: number;
  limit: number; // 0 = no limit
  projection?: Document;
  /** mingo options of the command (its `let` variables, its collation). */
  options?: MingoOptions;
  /** The command's hint: an index name, a key pattern or { $natural: ±1 }. */
  hint?: unknown;
}

/** What runQuery chose, for explain. */
export interface QueryTrace {
  plan?: Plan;
  covered?: boolean;
}

export function sortKey(doc: Document, sort: SortField[]): Buffer {
  const values = sort.map((s) => {
    const vals = pathValues(doc, s.path).map((v) => (v === undefined ? null : v));
    let best = vals[0];
    for (const v of vals.slice(1)) {
      const c = compareValues(v, best);
      if ((s.dir === 1 && c < 0) || (s.dir === -1 && c > 0)) best = v;
    }
    return best;
  });
  return encodeKey(
    values,
    sort.map((s) => s.dir),
    true,
  );
}

/** Orders two documents by the sort fields, comparing strings with the collator. */
function collatedCompare(collator: Intl.Collator, a: Document, b: Document, sort: SortField[]): number {
  for (const { path, dir } of sort) {
    const va = pathValues(a, path)[0];
    const vb = pathValues(b, path)[0];
    const c =
      typeof va === 'string' && typeof vb === 'string'
        ? collator.compare(va, vb)
        : compareValues(va ?? null, vb ?? null);
    if (c) return c * dir;
  }
  return 0;
}

export function matcher(filter: Document, options?: MingoOptions): Query | undefined {
  return filter && Object.keys(filter).length ? compileQuery(filter, options) : undefined;
}

/** The plan for a filter under a command's options (its collation) and hint. */
export function planQuery(
  meta: CollectionMeta,
  filter: Document,
  sort: SortField[],
  options?: MingoOptions,
  hint?: unknown,
): Plan {
  return choosePlan(meta, filter, sort, { collated: Boolean(collatorFromOptions(options)), hint });
}

/** Candidates of a plan, as stored BSON. */
export function* readPlan(
  engine: Engine,
  meta: CollectionMeta,
  plan: Plan,
  stats?: QueryStats,
): Generator<Buffer> {
  if (plan.union) {
    for (const branch of plan.union) yield* readPlan(engine, meta, branch, stats);
    return;
  }
  for (const e of planEntries(engine, meta, plan, stats, !plan.index)) {
    const raw = entryDocument(engine, meta, plan, e);
    if (stats) stats.docsExamined++;
    if (raw) yield raw;
  }
}

/** Matching documents with their deserialised form, in plan order (no sort/skip/limit). */
export function* matching(
  engine: Engine,
  meta: CollectionMeta,
  filter: Document,
  plan: Plan,
  stats?: QueryStats,
  options?: MingoOptions,
): Generator<{ raw: Buffer; doc: Document }> {
  // a plan made without the command's collation may bound strings in binary order: read everything
  if (collatorFromOptions(options) && !plan.collated && plan.stage !== 'COLLSCAN') plan = fullScan([]);
  // an exact plan reads only matching documents: the filter need not run again
  const q = plan.exact && !plan.union ? undefined : matcher(filter, options);
  // an index union can reach one document through several branches
  const seen = plan.union ? new Set<string>() : undefined;
  for (const raw of readPlan(engine, meta, plan, stats)) {
    if (!q && !seen) {
      yield new LazyMatch(raw); // nothing to test: deserialise only if a consumer asks
      continue;
    }
    const doc = toMatchable(raw);
    if (seen) {
      const id = encodeKey([doc._id], undefined, true).toString('latin1');
      if (seen.has(id)) continue;
      seen.add(id);
    }
    if (!q || test(q, doc)) yield { raw, doc };
  }
}

/** Runs a compiled filter; an error raised while evaluating it ($expr, variables) gets MongoDB's code. */
export function test(q: Query, doc: Document): boolean {
  try {
    return q.test(doc);
  } catch (err) {
    throw translateMingoError(err);
  }
}

/** A matched document whose deserialised form is built on first use. */
class LazyMatch {
  private parsed: Document | undefined;

  constructor(readonly raw: Buffer) {}

  get doc(): Document {
    return (this.parsed ??= toMatchable(this.raw));
  }
}

export function* runQuery(
  engine: Engine,
  meta: CollectionMeta | undefined,
  spec: QuerySpec,
  stats?: QueryStats,
  trace?: QueryTrace,
): Generator<Buffer> {
  if (!meta) return;
  if (spec.limit && spec.limit < 0) spec = { ...spec, limit: -spec.limit };
  const collator = collatorFromOptions(spec.options);
  const plan = planQuery(meta, spec.filter, spec.sort, spec.options, spec.hint);
  if (trace) trace.plan = plan;
  const project = makeProjector(spec.projection, spec.options);
  const covered = coveredProjector(plan, spec.projection, spec.sort);
  if (covered && project) {
    if (trace) trace.covered = true;
    let skipped = 0;
    let returned = 0;
    for (const e of planEntries(engine, meta, plan, stats)) {
      if (skipped < spec.skip) {
        skipped++;
        continue;
      }
      let out = covered(e);
      if (!out) {
        const raw = entryDocument(engine, meta, plan, e);
        if (stats) stats.docsExamined++;
        if (!raw) continue;
        out = project(raw, spec.filter);
      }
      returned++;
      if (stats) stats.returned++;
      yield out;
      if (spec.limit && returned >= spec.limit) return;
    }
    return;
  }
  let source: Iterable<{ raw: Buffer; doc: Document }> = matching(
    engine,
    meta,
    spec.filter,
    plan,
    stats,
    spec.options,
  );
  if (spec.sort.length && !plan.providesSort) {
    // only the sort key and the stored bytes are kept while sorting, not the deserialised documents
    const rows: { key: Buffer; raw: Buffer; doc?: Document }[] = [];
    for (const r of source)
      rows.push({ raw: r.raw, key: sortKey(r.doc, spec.sort), doc: collator ? r.doc : undefined });
    rows.sort(
      collator
        ? (a, b) => collatedCompare(collator, a.doc!, b.doc!, spec.sort) || Buffer.compare(a.key, b.key)
        : (a, b) => Buffer.compare(a.key, b.key),
    );
    source = (function* () {
      for (const r of rows) yield { raw: r.raw, doc: {} };
    })();
  }
  let skipped = 0;
  let returned = 0;
  for (const r of source) {
    if (skipped < spec.skip) {
      skipped++;
      continue;
    }
    returned++;
    if (stats) stats.returned++;
    yield project ? project(r.raw, spec.filter) : r.raw;
    if (spec.limit && returned >= spec.limit) return;
  }
}
