// Index bounds: what a filter says about one indexed field, as sorted, disjoint intervals over that field's
// encoded key bytes, and whether those intervals say all of it (exact) or only narrow the candidates. Exact
// bounds let the server answer from index keys alone: count entries, skip to distinct keys, project covered
// fields, or drop a non-matching entry before its document is read.
import type { Document } from 'bson';
import { encodeKey, isTruncated, prefixEnd, typeRank, TypeRank } from '../storage/key-encoding';
import { isPlainObject } from './paths';

/** [start, end) over a field's encoded bytes in the index's direction; end undefined = unbounded. */
export interface ByteInterval {
  start: Buffer;
  end: Buffer | undefined;
  /** Exactly one encoded value (an equality), so the field can extend a key prefix. */
  point: boolean;
}

export interface FieldBounds {
  intervals: ByteInterval[];
  /** The intervals hold exactly the documents the field's conditions match. */
  exact: boolean;
}

export interface BoundsOptions {
  /** The index may hold several keys per document: only one condition bounds the field. */
  multikey: boolean;
  /** Strings do not compare in binary order here (query or index collation): no string bounds. */
  collated: boolean;
}

const EMPTY = Buffer.alloc(0);
const NEG_INFINITY = encodeKey([-Infinity]);
const complement = (b: Buffer): Buffer => Buffer.from(b.map((x) => ~x & 0xff));
const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));
const bsonType = (v: unknown): string | undefined =>
  v !== null && typeof v === 'object' ? (v as { _bsontype?: string })._bsontype : undefined;

function containsString(v: unknown): boolean {
  if (typeof v === 'string' || bsonType(v) === 'BSONSymbol') return true;
  if (Array.isArray(v)) return v.some(containsString);
  if (isPlainObject(v)) return Object.values(v).some(containsString);
  return false;
}

/** A value that an equality can turn into one key (not an array, regex, operator object or undefined). */
function pointValue(v: unknown, opts: BoundsOptions): boolean {
  if (v === undefined || Array.isArray(v) || v instanceof RegExp || bsonType(v) === 'BSONRegExp')
    return false;
  if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'))) return false;
  if (isPlainObject(v) && Object.values(v).some((x) => Array.isArray(x) || x === undefined)) return false;
  return !(opts.collated && containsString(v));
}

/** A value a range ($gt …) or $ne can bound by: a scalar of a type with a total order inside its bracket. */
function scalarBound(v: unknown, opts: BoundsOptions): boolean {
  if (v === null || v === undefined || Array.isArray(v) || isPlainObject(v)) return false;
  if (v instanceof RegExp) return false;
  const t = bsonType(v);
  if (t === 'BSONRegExp' || t === 'MinKey' || t === 'MaxKey' || t === 'Code') return false;
  if (typeof v === 'number' && Number.isNaN(v)) return false;
  if (t === 'Double' && Number.isNaN(Number(v))) return false;
  if (t === 'Decimal128' && /nan/i.test(String(v))) return false;
  return !(opts.collated && containsString(v));
}

interface ValueBound {
  enc: Buffer;
  incl: boolean;
  /** The value's key is shortened: keys sharing it may lie on either side, so they are kept. */
  widen: boolean;
}

/** One interval from value bounds (each side optional), within one type bracket when `rank` is given. */
function interval(
  lo: ValueBound | undefined,
  hi: ValueBound | undefined,
  rank: number | undefined,
  dir: 1 | -1,
): ByteInterval {
  const bracket = rank === undefined ? undefined : Buffer.from([dir === 1 ? rank : ~rank & 0xff]);
  if (dir === 1) {
    const start = lo ? (lo.incl || lo.widen ? lo.enc : prefixEnd(lo.enc)) : (bracket ?? EMPTY);
    const end = hi ? (hi.incl || hi.widen ? prefixEnd(hi.enc) : hi.enc) : bracket && prefixEnd(bracket);
    return { start, end, point: false };
  }
  const start = hi
    ? hi.incl || hi.widen
      ? complement(hi.enc)
      : prefixEnd(complement(hi.enc))
    : (bracket ?? EMPTY);
  const end = lo
    ? lo.incl || lo.widen
      ? prefixEnd(complement(lo.enc))
      : complement(lo.enc)
    : bracket && prefixEnd(bracket);
  return { start, end, point: false };
}

function pointInterval(v: unknown, dir: 1 | -1): ByteInterval {
  const enc = dir === 1 ? encodeKey([v]) : complement(encodeKey([v]));
  return { start: enc, end: prefixEnd(enc), point: true };
}

const before = (a: Buffer | undefined, b: Buffer | undefined): boolean =>
  a !== undefined && (b === undefined || Buffer.compare(a, b) < 0);

/** Sorted, merged (overlapping or touching intervals join; a merge is no longer a point). */
function normalise(list: ByteInterval[]): ByteInterval[] {
  const sorted = [...list].sort((a, b) => Buffer.compare(a.start, b.start));
  const out: ByteInterval[] = [];
  for (const iv of sorted) {
    if (iv.end !== undefined && Buffer.compare(iv.start, iv.end) >= 0) continue;
    const last = out[out.length - 1];
    if (last && !before(last.end, iv.start)) {
      if (last.start.equals(iv.start) && sameEnd(last.end, iv.end)) {
        last.point = last.point && iv.point;
        continue;
      }
      if (before(last.end, iv.end) || iv.end === undefined) last.end = iv.end;
      last.point = false;
      continue;
    }
    out.push({ ...iv });
  }
  return out;
}

const sameEnd = (a: Buffer | undefined, b: Buffer | undefined): boolean =>
  a === undefined ? b === undefined : b !== undefined && a.equals(b);

function intersect(a: ByteInterval[], b: ByteInterval[]): ByteInterval[] {
  const out: ByteInterval[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Buffer.compare(x.start, y.start) >= 0 ? x.start : y.start;
      const end =
        x.end === undefined ? y.end : y.end === undefined ? x.end : before(x.end, y.end) ? x.end : y.end;
      if (end !== undefined && Buffer.compare(start, end) >= 0) continue;
      const same = (iv: ByteInterval) => iv.start.equals(start) && sameEnd(iv.end, end);
      out.push({ start, end, point: (x.point && same(x)) || (y.point && same(y)) });
    }
  }
  return normalise(out);
}

/** Everything but the given values (each excluded as one key). */
function excluding(values: unknown[], dir: 1 | -1): ByteInterval[] {
  const points = normalise(values.map((v) => pointInterval(v, dir)));
  const out: ByteInterval[] = [];
  let start: Buffer = EMPTY;
  for (const p of points) {
    out.push({ start, end: p.start, point: false });
    start = p.end!;
  }
  out.push({ start, end: undefined, point: false });
  return normalise(out);
}

interface Translated {
  intervals: ByteInterval[];
  exact: boolean;
  /** Holds for each element of an array separately (an equality or a one-sided range). */
  perElement: boolean;
}

/** One operator's intervals, or undefined when the operator cannot be expressed as key bounds. */
function translateOp(op: string, v: unknown, dir: 1 | -1, opts: BoundsOptions): Translated | undefined {
  switch (op) {
    case '$eq': {
      if (!pointValue(v, opts)) return undefined;
      // null also matches missing fields and arrays holding null; an empty array has the null key too
      return { intervals: [pointInterval(v, dir)], exact: v !== null && !isTruncated(v), perElement: true };
    }
    case '$in': {
      if (!Array.isArray(v) || !v.every((x) => pointValue(x, opts))) return undefined;
      return {
        intervals: normalise(v.map((x) => pointInterval(x, dir))),
        exact: v.every((x) => x !== null && !isTruncated(x)),
        perElement: true,
      };
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (!scalarBound(v, opts)) return undefined;
      const bound: ValueBound = {
        enc: encodeKey([v]),
        incl: op === '$gte' || op === '$lte',
        widen: isTruncated(v),
      };
      const lower = op === '$gt' || op === '$gte';
      // NaN sorts below every number but no range matches it: numbers' open lower end is -Infinity
      const floor =
        typeRank(v) === TypeRank.number ? { enc: NEG_INFINITY, incl: true, widen: false } : undefined;
      return {
        intervals: [interval(lower ? bound : floor, lower ? undefined : bound, typeRank(v), dir)],
        exact: !bound.widen,
        perElement: true,
      };
    }
    case '$ne':
    case '$nin': {
      const values = op === '$ne' ? [v] : v;
      if (!Array.isArray(values) || !values.every((x) => scalarBound(x, opts) && !isTruncated(x)))
        return undefined;
      return { intervals: excluding(values, dir), exact: true, perElement: false };
    }
  }
  return undefined;
}

/** The conditions a filter puts on each path: its top-level fields and those of (nested) $and clauses. */
export interface FilterShape {
  byPath: Map<string, unknown[]>;
  /** Something besides per-path conditions ($or, $expr, $where, $nor, …): never exact on an index. */
  other: boolean;
}

export function filterShape(filter: Document): FilterShape {
  const byPath = new Map<string, unknown[]>();
  let other = false;
  const visit = (f: Document): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) {
          if (isPlainObject(sub)) visit(sub);
          else other = true;
        }
      } else if (k === '$comment') continue;
      else if (k.startsWith('$')) other = true;
      else {
        const list = byPath.get(k);
        if (list) list.push(v);
        else byPath.set(k, [v]);
      }
    }
  };
  visit(filter);
  return { byPath, other };
}

/** Every operator of a path's conditions, an equality written as a plain value counting as $eq. */
function operatorsOf(conditions: unknown[]): { op: string; value: unknown }[] {
  const out: { op: string; value: unknown }[] = [];
  for (const c of conditions) {
    if (isOperatorObject(c)) for (const [op, value] of Object.entries(c)) out.push({ op, value });
    else if (c instanceof RegExp || bsonType(c) === 'BSONRegExp') out.push({ op: '$regex', value: c });
    else out.push({ op: '$eq', value: c });
  }
  return out;
}

const PREFERENCE = ['$eq', '$in', '$gt', '$gte', '$lt', '$lte', '$ne', '$nin'];

/**
 * The bounds a path's conditions put on one index field, or undefined when they put none. On a multikey index
 * each condition may be met by a different element, so only one condition bounds the field there (the bounds
 * then hold a superset), and only an element-wise condition standing alone is exact.
 */
export function fieldBounds(
  conditions: unknown[],
  dir: 1 | -1,
  opts: BoundsOptions,
): FieldBounds | undefined {
  const ops = operatorsOf(conditions);
  const translated = ops.map((o) => ({ ...o, t: translateOp(o.op, o.value, dir, opts) }));
  const usable = translated.filter((o) => o.t !== undefined);
  if (!usable.length) return undefined;
  const allTranslated = usable.length === ops.length;
  if (opts.multikey) {
    const rank = (o: { op: string }) => PREFERENCE.indexOf(o.op);
    const best = [...usable].sort((a, b) => rank(a) - rank(b))[0]!;
    return {
      intervals: best.t!.intervals,
      exact: ops.length === 1 && best.t!.exact && best.t!.perElement,
    };
  }
  let intervals = usable[0]!.t!.intervals;
  for (const o of usable.slice(1)) intervals = intersect(intervals, o.t!.intervals);
  return { intervals, exact: allTranslated && usable.every((o) => o.t!.exact) };
}

/** Whether an encoded value (a complete segment) lies in one of the intervals. */
export function inIntervals(seg: Buffer, intervals: readonly ByteInterval[]): boolean {
  return inIntervalsAt(seg, 0, seg.length, intervals);
}

/** The same for the segment key[start, end), without copying it. */
export function inIntervalsAt(
  key: Buffer,
  start: number,
  end: number,
  intervals: readonly ByteInterval[],
): boolean {
  for (const iv of intervals) {
    if (key.compare(iv.start, 0, iv.start.length, start, end) < 0) return false;
    if (iv.end === undefined || key.compare(iv.end, 0, iv.end.length, start, end) < 0) return true;
  }
  return false;
}

/** Whether the intervals admit the null key (missing fields): a sparse index leaves such documents out. */
export function admitsNull(intervals: readonly ByteInterval[], dir: 1 | -1): boolean {
  return inIntervals(dir === 1 ? encodeKey([null]) : complement(encodeKey([null])), intervals);
}
