// Chooses how to read a query: through the _id key, through a secondary index, or by scanning the collection.
// An index read has key ranges (equalities on its leading fields, then the intervals of the next field), key
// filters (the intervals of later fields, checked on each entry's key before its document is read), an order
// (which sorts it gives) and whether it is exact: every condition of the filter is in those bounds, so the
// matching documents are exactly the entries read and the filter need not run on them (counts and covered
// projections then read no document).
import type { Document } from 'bson';
import { ErrorCodes, fail } from '../errors';
import { prefixEnd } from '../storage/key-encoding';
import type { CollectionMeta, IndexField, IndexSpec } from '../storage/catalog-types';
import type { KeyRange } from '../storage/engine';
import { admitsNull, fieldBounds, filterShape, type ByteInterval, type FieldBounds } from './bounds';
import { impliesFilter } from './implication';
import { withRunSkip, type RunSkip } from './run-skip';
import { isPlainObject } from './paths';

export interface SortField {
  path: string;
  dir: 1 | -1;
}

/** Intervals of a field that are checked on each entry's key (fields after the key ranges' last one). */
export interface KeyFilter {
  field: number;
  intervals: ByteInterval[];
}

export interface Plan {
  /** undefined = the _id (primary) store. */
  index: IndexSpec | undefined;
  /** undefined = the whole primary store / index. */
  ranges: KeyRange[] | undefined;
  reverse: boolean;
  providesSort: boolean;
  dedupe: boolean;
  /** For explain: IXSCAN over an index, or COLLSCAN; OR when each $or branch is read through its own plan. */
  stage: 'IXSCAN' | 'COLLSCAN' | 'IDHACK' | 'OR';
  /** $or branches, each with its own plan; documents found by several branches are returned once. */
  union?: Plan[];
  indexName?: string;
  /** The index's fields (the _id for the primary store). */
  fields?: IndexField[];
  keyFilters?: KeyFilter[];
  /** The ranges and key filters match exactly the documents the filter matches. */
  exact?: boolean;
  /** The bounds of each field, for explain's indexBounds. */
  bounds?: (FieldBounds | undefined)[];
  /** Planned for a command with a (non-simple) collation: its bounds hold no strings. */
  collated?: boolean;
  /** How many leading fields the ranges hold to one value each (equalities). */
  pointFields?: number;
  /** Another index that lets the scan jump over a run of entries failing a key filter on one value. */
  runSkip?: RunSkip;
}

export interface PlanOptions {
  /** The command's collation is not simple: strings cannot be bounded by binary keys. */
  collated?: boolean;
  /** An index name, a key pattern, or { $natural: ±1 }. */
  hint?: unknown;
}

interface Candidate {
  plan: Plan;
  score: number;
}

const ID_FIELDS: IndexField[] = [{ path: '_id', dir: 1 }];
const MAX_PREFIXES = 1000;
const POSITIONAL = /(^|\.)\d+(\.|$)/;

const sameKeyPattern = (a: Document, b: Document): boolean =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, v], i) => Object.keys(b)[i] === k && Number(v) === Number(b[k]));

function planFor(
  fields: IndexField[],
  ix: IndexSpec | undefined,
  filter: Document,
  sort: SortField[],
  options: PlanOptions,
  forced = false,
): Candidate | undefined {
  const multikey = ix?.multikey ?? false;
  const collated = Boolean(options.collated || ix?.collation);
  const shape = filterShape(filter);
  const bounds = fields.map((f) => {
    const conditions = shape.byPath.get(f.path);
    const b = conditions ? fieldBounds(conditions, f.dir, { multikey, collated }) : undefined;
    // a numeric path component (a.0) reaches both an element and a field named "0": keys hold both
    return b && POSITIONAL.test(f.path) ? { ...b, exact: false } : b;
  });

  let prefixes: Buffer[] = [Buffer.alloc(0)];
  let eqCount = 0;
  let ranges: KeyRange[] | undefined;
  let next = 0;
  for (; next < fields.length; next++) {
    const b = bounds[next];
    if (!b) break;
    const points = b.intervals.every((iv) => iv.point);
    if (points && prefixes.length * b.intervals.length <= MAX_PREFIXES) {
      prefixes = prefixes.flatMap((p) => b.intervals.map((iv) => Buffer.concat([p, iv.start])));
      eqCount++;
      continue;
    }
    if (prefixes.length * b.intervals.length > MAX_PREFIXES) break;
    ranges = prefixes.flatMap((p) =>
      b.intervals.map((iv) => ({
        start: Buffer.concat([p, iv.start]),
        end: iv.end ? Buffer.concat([p, iv.end]) : p.length ? prefixEnd(p) : undefined,
      })),
    );
    next++;
    break;
  }
  const hasRange = ranges !== undefined;
  if (!ranges && eqCount) ranges = prefixes.map((p) => ({ start: p, end: prefixEnd(p) }));
  const keyFilters: KeyFilter[] = [];
  for (let i = next; i < fields.length; i++) {
    const b = bounds[i];
    if (b) keyFilters.push({ field: i, intervals: b.intervals });
  }
  // an index with a collation (or a query with one) gives no string order
  const ordered = !ix?.longKeys && !collated;
  let providesSort = sort.length === 0;
  let reverse = false;
  if (sort.length && ordered && !(multikey && sort.length > 1)) {
    // the fields before the sorted ones must each hold one value
    let single = 0;
    while (
      single < fields.length &&
      bounds[single]?.intervals.length === 1 &&
      bounds[single]!.intervals[0]!.point
    )
      single++;
    for (let offset = 0; offset <= single && !providesSort; offset++) {
      const slice = fields.slice(offset, offset + sort.length);
      if (slice.length !== sort.length) break;
      if (!slice.every((f, i) => f.path === sort[i]!.path)) continue;
      // several keys per document: the first one met is its sort key only when no bound skips the others
      if (multikey && slice.some((_, i) => bounds[offset + i] !== undefined)) continue;
      const same = slice.every((f, i) => f.dir === sort[i]!.dir);
      const opposite = slice.every((f, i) => f.dir === -sort[i]!.dir);
      if (same || opposite) {
        providesSort = true;
        reverse = opposite;
      }
    }
  }
  const filterUse = eqCount > 0 || hasRange;
  // a condition on a field the index does not hold is met by every entry when the partial index's filter
  // implies it (and the query implies that filter, or the index would miss documents)
  const partial = ix?.partialFilterExpression;
  const partialHolds =
    partial !== undefined && !collated && !shape.other && impliesFilter(filter, partial, false);
  const impliedByPartial = (path: string): boolean =>
    partialHolds && (shape.byPath.get(path) ?? []).every((c) => impliesFilter(partial!, { [path]: c }));
  // every condition is on a field of the index and wholly expressed by that field's bounds, or is the
  // partial index's own condition
  const exact =
    !shape.other &&
    [...shape.byPath.keys()].every((path) => {
      const i = fields.findIndex((f) => f.path === path);
      return i >= 0 ? bounds[i]?.exact === true : impliedByPartial(path);
    });
  if (!forced) {
    if (!filterUse && !(providesSort && sort.length)) return undefined;
    if (ix?.sparse && !bounds.some((b, i) => b && !admitsNull(b.intervals, fields[i]!.dir))) return undefined;
  }
  const fullEq = eqCount === fields.length && prefixes.length === 1;
  const score =
    eqCount * 10 +
    (hasRange ? 5 : 0) +
    (providesSort && sort.length ? 3 : 0) +
    (fullEq && (ix ? ix.unique : true) ? 100 : 0) +
    keyFilters.length +
    (exact ? 2 : 0) -
    fields.length * 0.01;
  return {
    score,
    plan: {
      index: ix,
      ranges,
      reverse,
      providesSort,
      dedupe: multikey,
      stage: ix ? 'IXSCAN' : fullEq ? 'IDHACK' : 'IXSCAN',
      indexName: ix ? ix.name : '_id_',
      fields,
      keyFilters,
      exact,
      bounds,
      collated: Boolean(options.collated),
      pointFields: eqCount,
    },
  };
}

/** A full scan of the primary store. */
export const fullScan = (sort: SortField[], reverse = false): Plan => ({
  index: undefined,
  ranges: undefined,
  reverse,
  providesSort: sort.length === 0,
  dedupe: false,
  stage: 'COLLSCAN',
  exact: false,
});

export function choosePlan(
  meta: CollectionMeta,
  filter: Document,
  sort: SortField[],
  options: PlanOptions = {},
): Plan {
  return withRunSkip(meta, chooseRead(meta, filter, sort, options));
}

function chooseRead(meta: CollectionMeta, filter: Document, sort: SortField[], options: PlanOptions): Plan {
  if (options.hint !== undefined && !isEmptyHint(options.hint))
    return hintedPlan(meta, filter, sort, options);
  const best = bestCandidate(meta, filter, sort, options);
  if (best && (best.score >= 5 || !Array.isArray(filter.$or))) return best.plan;
  // { $or: [...] } with an index for every branch: read each branch through its index (index union)
  if (Array.isArray(filter.$or) && filter.$or.length > 0 && filter.$or.length <= 32) {
    const { $or, ...rest } = filter;
    const branches: Plan[] = [];
    for (const branch of $or as unknown[]) {
      if (!isPlainObject(branch)) break;
      const c = bestCandidate(meta, { ...rest, ...branch }, [], options);
      if (!c || c.score < 5) break;
      branches.push(c.plan);
    }
    if (branches.length === $or.length)
      return {
        ...fullScan(sort),
        dedupe: true,
        stage: 'OR',
        union: branches,
        collated: Boolean(options.collated),
      };
  }
  return best ? best.plan : fullScan(sort);
}

const isEmptyHint = (hint: unknown): boolean =>
  hint === null || hint === '' || (isPlainObject(hint) && Object.keys(hint).length === 0);

function hintedPlan(meta: CollectionMeta, filter: Document, sort: SortField[], options: PlanOptions): Plan {
  const hint = options.hint;
  if (isPlainObject(hint) && '$natural' in hint) return fullScan(sort, Number(hint.$natural) < 0);
  const isId = (h: unknown) => h === '_id_' || (isPlainObject(h) && sameKeyPattern(h, { _id: 1 }));
  if (isId(hint)) return planFor(ID_FIELDS, undefined, filter, sort, options, true)!.plan;
  const ix = meta.indexes.find((i) =>
    typeof hint === 'string' ? i.name === hint : isPlainObject(hint) && sameKeyPattern(i.key, hint),
  );
  if (!ix)
    fail(
      ErrorCodes.BadValue,
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  return planFor(ix!.fields, ix, filter, sort, options, true)!.plan;
}

function bestCandidate(
  meta: CollectionMeta,
  filter: Document,
  sort: SortField[],
  options: PlanOptions,
): Candidate | undefined {
  const candidates: Candidate[] = [];
  const primary = planFor(ID_FIELDS, undefined, filter, sort, options);
  if (primary) candidates.push(primary);
  for (const ix of meta.indexes) {
    // a partial index holds only the documents its filter matches: usable when the query implies that filter
    if (ix.partialFilterExpression && !impliesFilter(filter, ix.partialFilterExpression, options.collated))
      continue;
    const c = planFor(ix.fields, ix, filter, sort, options);
    if (c) candidates.push(c);
  }
  candidates.sort((a, b) => b.score - a.score);
  return candidates[0];
}

/** The hint of a command, refused when it is neither a name nor a key pattern. */
export function parseHint(hint: unknown): unknown {
  if (hint === undefined || hint === null) return undefined;
  if (typeof hint !== 'string' && !isPlainObject(hint))
    fail(ErrorCodes.FailedToParse, 'hint must be a string or an object');
  return hint;
}

export function parseSort(sort: unknown): SortField[] {
  if (!isPlainObject(sort)) return [];
  const out: SortField[] = [];
  for (const [path, d] of Object.entries(sort)) {
    if (isPlainObject(d)) continue; // { $meta: ... } has no effect here
    const n = Number(d);
    out.push({ path, dir: n < 0 ? -1 : 1 });
  }
  return out;
}
