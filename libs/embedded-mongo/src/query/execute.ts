// Runs a find-shaped query: planned read, full filter, in-memory sort when no index gives the order,
// skip, limit and projection. Results are the stored BSON bytes (exact types) unless projected.
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

export interface QuerySpec {
  filter: Document;
  sort: SortField[];
  skip: number;
  limit: number; // 0 = no limit
  projection?: Document;
  /** mingo options of the command (its `let` variables, its collation). */
  options?: MingoOptions;
}

export interface QueryStats {
  keysExamined: number;
  docsExamined: number;
  returned: number;
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

/** Candidates of a plan, as stored BSON. */
export function readPlan(engine: Engine, meta: CollectionMeta, plan: Plan): Generator<Buffer> {
  if (plan.union) {
    const branches = plan.union;
    return (function* () {
      for (const branch of branches) yield* readPlan(engine, meta, branch);
    })();
  }
  return plan.index
    ? engine.scanIndex(
        meta,
        plan.index,
        plan.ranges ?? [{ start: Buffer.alloc(0), end: undefined }],
        plan.reverse,
        plan.dedupe,
      )
    : engine.scanPrimary(meta, plan.ranges, plan.reverse);
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
  const q = matcher(filter, options);
  // index keys hold binary string order: a query with a collation reads every document
  if (collatorFromOptions(options)) plan = fullScan([]);
  // an index union can reach one document through several branches
  const seen = plan.union ? new Set<string>() : undefined;
  for (const raw of readPlan(engine, meta, plan)) {
    if (stats) stats.docsExamined++;
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
): Generator<Buffer> {
  if (!meta) return;
  if (spec.limit && spec.limit < 0) spec = { ...spec, limit: -spec.limit };
  const collator = collatorFromOptions(spec.options);
  const plan = collator ? fullScan(spec.sort) : choosePlan(meta, spec.filter, spec.sort);
  const project = makeProjector(spec.projection, spec.options);
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
