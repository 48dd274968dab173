// Chooses how to read a query: through the _id key, through a secondary index (equality and range bounds on
// its leading fields, and/or its order for a sort), or by scanning the collection. The chosen read only
// narrows candidates; the full filter is always applied to them afterwards.
import type { Document } from 'bson';
import { encodeKey, isTruncated, prefixEnd, typeRank } from '../storage/key-encoding';
import type { CollectionMeta, IndexField, IndexSpec } from '../storage/catalog-types';
import type { KeyRange } from '../storage/engine';
import { isPlainObject } from './paths';

export interface SortField {
  path: string;
  dir: 1 | -1;
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
}

type Constraint =
  | { kind: 'points'; values: unknown[] }
  | { kind: 'range'; lower?: { v: unknown; incl: boolean }; upper?: { v: unknown; incl: boolean } };

const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

const usablePoint = (v: unknown): boolean =>
  !Array.isArray(v) &&
  !(v instanceof RegExp) &&
  !(isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'))) &&
  (v as { _bsontype?: string })?._bsontype !== 'BSONRegExp';

/** The tightest constraint the filter puts on a path that an index can serve. */
function constraintOf(filter: Document, path: string): Constraint | undefined {
  const clauses: unknown[] = [];
  if (Object.prototype.hasOwnProperty.call(filter, path)) clauses.push(filter[path]);
  if (Array.isArray(filter.$and)) {
    for (const sub of filter.$and)
      if (isPlainObject(sub) && Object.prototype.hasOwnProperty.call(sub, path)) clauses.push(sub[path]);
  }
  let range: Extract<Constraint, { kind: 'range' }> | undefined;
  for (const c of clauses) {
    if (!isOperatorObject(c)) {
      if (usablePoint(c)) return { kind: 'points', values: [c] };
      continue;
    }
    if ('$eq' in c && usablePoint(c.$eq)) return { kind: 'points', values: [c.$eq] };
    if ('$in' in c && Array.isArray(c.$in) && c.$in.every(usablePoint))
      return { kind: 'points', values: c.$in };
    for (const [op, v] of Object.entries(c)) {
      if (v === null || v === undefined || Array.isArray(v) || isPlainObject(v)) continue;
      const bound = { v, incl: op === '$gte' || op === '$lte' };
      if (op === '$gt' || op === '$gte') {
        if (range?.upper && typeRank(range.upper.v) !== typeRank(v)) continue;
        range = { kind: 'range', ...range, lower: bound };
      } else if (op === '$lt' || op === '$lte') {
        if (range?.lower && typeRank(range.lower.v) !== typeRank(v)) continue;
        range = { kind: 'range', ...range, upper: bound };
      }
    }
  }
  return range;
}

const complement = (b: Buffer): Buffer => Buffer.from(b.map((x) => ~x & 0xff));

/** Key bounds for one range-constrained field after an encoded prefix, honouring the field's direction. */
function rangeBounds(
  base: Buffer,
  c: Extract<Constraint, { kind: 'range' }>,
  dir: 1 | -1,
  singleSided: boolean,
): KeyRange {
  const { lower } = c;
  let { upper } = c;
  if (singleSided && lower && upper) upper = undefined;
  const rank = typeRank((lower ?? upper)!.v);
  const enc = (v: unknown): Buffer => (dir === 1 ? encodeKey([v]) : complement(encodeKey([v])));
  const typeStart = Buffer.concat([base, Buffer.from([dir === 1 ? rank : ~rank & 0xff])]);
  const typeEnd = prefixEnd(typeStart);
  const [lo, hi] = dir === 1 ? [lower, upper] : [upper, lower];
  // lo: bound that maps to the start of the key range; hi: to its end
  let start: Buffer = typeStart;
  let end: Buffer = typeEnd;
  // a bound whose key is shortened must include every key sharing that prefix (the filter decides later)
  if (lo) {
    const k = Buffer.concat([base, enc(lo.v)]);
    start = lo.incl || isTruncated(lo.v) ? k : prefixEnd(k);
  }
  if (hi) {
    const k = Buffer.concat([base, enc(hi.v)]);
    end = hi.incl || isTruncated(hi.v) ? prefixEnd(k) : k;
  }
  return { start, end };
}

interface Candidate {
  plan: Plan;
  score: number;
}

const ID_FIELDS: IndexField[] = [{ path: '_id', dir: 1 }];

function planFor(
  fields: IndexField[],
  ix: IndexSpec | undefined,
  filter: Document,
  sort: SortField[],
): Candidate | undefined {
  const multikey = ix?.multikey ?? false;
  let prefixes: Buffer[] = [Buffer.alloc(0)];
  let eqCount = 0;
  let ranges: KeyRange[] | undefined;
  for (const f of fields) {
    const c = constraintOf(filter, f.path);
    if (!c) break;
    if (c.kind === 'points') {
      if (ix?.sparse && c.values.some((v) => v === null)) return undefined;
      const encoded = c.values.map((v) => encodeKey([v], [f.dir]));
      const unique = [...new Map(encoded.map((e) => [e.toString('latin1'), e])).values()].sort(
        Buffer.compare,
      );
      prefixes = prefixes.flatMap((p) => unique.map((e) => Buffer.concat([p, e])));
      eqCount++;
      if (prefixes.length > 1000) return undefined;
      continue;
    }
    ranges = prefixes.map((p) => rangeBounds(p, c, f.dir, multikey));
    break;
  }
  const hasRange = ranges !== undefined;
  if (!ranges && eqCount) ranges = prefixes.map((p) => ({ start: p, end: prefixEnd(p) }));

  // Does the index order give the requested sort?
  let providesSort = sort.length === 0;
  let reverse = false;
  if (sort.length && prefixes.length === 1 && !(multikey && sort.length > 1) && !ix?.longKeys) {
    for (let offset = 0; offset <= eqCount && !providesSort; offset++) {
      const slice = fields.slice(offset, offset + sort.length);
      if (slice.length !== sort.length) break;
      if (!slice.every((f, i) => f.path === sort[i]!.path)) continue;
      const same = slice.every((f, i) => f.dir === sort[i]!.dir);
      const opposite = slice.every((f, i) => f.dir === -sort[i]!.dir);
      if (same || opposite) {
        providesSort = true;
        reverse = opposite;
      }
    }
  }
  const filterUse = eqCount > 0 || hasRange;
  if (!filterUse && !(providesSort && sort.length)) return undefined;
  if (!filterUse && (ix?.sparse || ix?.partialFilterExpression)) return undefined;
  const fullEq = eqCount === fields.length && prefixes.length === 1;
  const score =
    eqCount * 10 +
    (hasRange ? 5 : 0) +
    (providesSort && sort.length ? 3 : 0) +
    (fullEq && (ix ? ix.unique : true) ? 100 : 0) -
    fields.length * 0.01;
  return {
    score,
    plan: {
      index: ix,
      ranges,
      reverse,
      providesSort,
      dedupe: multikey || prefixes.length > 1,
      stage: ix ? 'IXSCAN' : fullEq ? 'IDHACK' : 'IXSCAN',
      indexName: ix ? ix.name : '_id_',
    },
  };
}

/** A full scan of the primary store (what a query with a collation reads). */
export const fullScan = (sort: SortField[]): Plan => COLLSCAN(sort);

const COLLSCAN = (sort: SortField[]): Plan => ({
  index: undefined,
  ranges: undefined,
  reverse: false,
  providesSort: sort.length === 0,
  dedupe: false,
  stage: 'COLLSCAN',
});

export function choosePlan(meta: CollectionMeta, filter: Document, sort: SortField[]): Plan {
  const best = bestCandidate(meta, filter, sort);
  if (best && (best.score >= 5 || !Array.isArray(filter.$or))) return best.plan;
  // { $or: [...] } with an index for every branch: read each branch through its index (index union)
  if (Array.isArray(filter.$or) && filter.$or.length > 0 && filter.$or.length <= 32) {
    const { $or, ...rest } = filter;
    const branches: Plan[] = [];
    for (const branch of $or as unknown[]) {
      if (!isPlainObject(branch)) break;
      const c = bestCandidate(meta, { ...rest, ...branch }, []);
      if (!c || c.score < 5) break;
      branches.push(c.plan);
    }
    if (branches.length === $or.length)
      return { ...COLLSCAN(sort), dedupe: true, stage: 'OR', union: branches };
  }
  return best ? best.plan : COLLSCAN(sort);
}

function bestCandidate(meta: CollectionMeta, filter: Document, sort: SortField[]): Candidate | undefined {
  const candidates: Candidate[] = [];
  const primary = planFor(ID_FIELDS, undefined, filter, sort);
  if (primary) candidates.push(primary);
  for (const ix of meta.indexes) {
    // an index with a collation holds binary keys here; it is not used for queries
    if (ix.partialFilterExpression || ix.collation) continue;
    const c = planFor(ix.fields, ix, filter, sort);
    if (c) candidates.push(c);
  }
  candidates.sort((a, b) => b.score - a.score);
  return candidates[0];
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
