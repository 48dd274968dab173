// Reads that stop at the index: entries within a plan's key ranges that pass its key filters, counts of them,
// the distinct values of one field (one seek per value), and covered projections built from the keys. Whenever
// a key cannot give the exact stored value (a value met through an array, a shortened string, an index built
// before entries carried type bytes), the document is read instead, so answers never depend on that.
import { serialize, type Document } from 'bson';
import { entryId, entryType, type Engine, type KeyRange } from '../storage/engine';
import type { CollectionMeta, IndexSpec } from '../storage/catalog-types';
import { decodeSegment, segmentOffsets } from '../storage/key-segments';
import { EntryType } from '../storage/raw-path';
import { encodeKey, isTruncated, prefixEnd } from '../storage/key-encoding';
import { pipelineDocument } from '../storage/bson-number';
import { inIntervalsAt } from './bounds';
import { runSkipper } from './run-skip';
import { scalarDocument } from '../wire/raw-bson';
import type { Plan, SortField } from './planner';
import { isPlainObject, pathValues, setPath } from './paths';

export interface QueryStats {
  keysExamined: number;
  docsExamined: number;
  returned: number;
}

export const newStats = (): QueryStats => ({ keysExamined: 0, docsExamined: 0, returned: 0 });

const WHOLE: KeyRange = { start: Buffer.alloc(0), end: undefined };
const KEY_PREFIX = 4;

export interface Entry {
  readonly key: Buffer;
  /** The stored document (primary plans) or the index entry's value. */
  readonly value: Buffer;
  readonly idEnc: Buffer;
}

/** An index entry whose _id is cut from its value only when asked for (a covered read without _id never is). */
class IndexEntry implements Entry {
  private id: Buffer | undefined;

  constructor(
    readonly key: Buffer,
    readonly value: Buffer,
    private readonly ix: IndexSpec,
  ) {}

  get idEnc(): Buffer {
    return (this.id ??= entryId(this.ix, this.value));
  }
}

const dirsOf = (plan: Plan): number[] => (plan.fields ?? []).map((f) => f.dir);

/** Whether an entry's key passes the plan's key filters (checked in place, on every entry read). */
function keyFilter(plan: Plan): ((key: Buffer) => boolean) | undefined {
  const filters = plan.keyFilters ?? [];
  if (!filters.length) return undefined;
  const dirs = dirsOf(plan);
  const upTo = Math.max(...filters.map((f) => f.field)) + 1;
  const offs: number[] = [];
  return (key) => {
    segmentOffsets(key, KEY_PREFIX, dirs, upTo, offs);
    for (const f of filters)
      if (!inIntervalsAt(key, offs[f.field]!, offs[f.field + 1]!, f.intervals)) return false;
    return true;
  };
}

/**
 * The entries a (non-union) plan reads, each document once, in plan order. With `values: false` a plan with
 * key filters reads keys alone (most of its entries are dropped on the key) and takes the _id from the key;
 * such entries have an empty value.
 */
export function* planEntries(
  engine: Engine,
  meta: CollectionMeta,
  plan: Plan,
  stats?: QueryStats,
  values = true,
): Generator<Entry> {
  const ranges = plan.ranges ?? [WHOLE];
  const ordered = plan.reverse ? [...ranges].reverse() : ranges;
  const ix = plan.index;
  const passes = keyFilter(plan);
  const seen = plan.dedupe && ix ? new Set<string>() : undefined;
  const keysOnly = Boolean(ix && passes && !values);
  const dirs = dirsOf(plan);
  const jumper = runSkipper(engine, plan, () => {
    if (stats) stats.keysExamined++;
  });
  // where the scan goes on after jumping over a run (set by rangeEntries)
  let resume: Buffer | undefined;
  for (const whole of ordered) {
    let r = whole;
    do {
      resume = undefined;
      yield* rangeEntries(r);
      if (resume) r = { start: resume, end: whole.end };
    } while (resume);
  }

  function* rangeEntries(r: KeyRange): Generator<Entry> {
    const entries = keysOnly
      ? engine.indexKeyRange(ix!, r, plan.reverse)
      : ix
        ? engine.indexEntries(ix, r, plan.reverse)
        : engine.primaryEntries(meta, r, plan.reverse);
    for (const e of entries) {
      if (stats) stats.keysExamined++;
      if (passes && !passes(e.key)) {
        resume = jumper?.failed(e.key, r.end);
        if (resume) return; // past a run of entries that all fail: the scan goes on from there
        continue;
      }
      jumper?.passed();
      const entry: Entry = keysOnly
        ? {
            key: e.key,
            value: e.value,
            idEnc: e.key.subarray(segmentOffsets(e.key, KEY_PREFIX, dirs)[dirs.length]),
          }
        : ix
          ? new IndexEntry(e.key, e.value, ix)
          : { key: e.key, value: e.value, idEnc: e.key.subarray(KEY_PREFIX) };
      if (seen) {
        const h = entry.idEnc.toString('latin1');
        if (seen.has(h)) continue;
        seen.add(h);
      }
      yield entry;
    }
  }
}

/** The stored document of an entry. */
export function entryDocument(
  engine: Engine,
  meta: CollectionMeta,
  plan: Plan,
  e: Entry,
): Buffer | undefined {
  return plan.index ? engine.getByEncodedId(meta, e.idEnc) : e.value;
}

/**
 * Whether an exact plan's count is the sum of its leading field's counters: the index counts its leading
 * values, only that field is bounded, nothing is checked per entry, and each document has one entry there.
 */
export function countedByValue(plan: Plan, field = 0): boolean {
  const ix = plan.index;
  if (!ix?.counted || !plan.exact || plan.union || field !== 0 || (plan.keyFilters ?? []).length)
    return false;
  const bounds = plan.bounds ?? [];
  if (bounds.some((b, i) => i > 0 && b !== undefined)) return false;
  const single = bounds[0]?.intervals.length === 1 && bounds[0].intervals[0]!.point;
  return !ix.multikey || single;
}

/** How many documents an exact plan matches, counted on the index (no document is read). */
export function countPlan(engine: Engine, meta: CollectionMeta, plan: Plan, stats?: QueryStats): number {
  if (!plan.exact || plan.union) throw new Error('countPlan needs an exact plan');
  if (countedByValue(plan)) {
    let n = 0;
    for (const r of plan.ranges ?? [WHOLE])
      for (const c of engine.leadingCounts(plan.index!, r)) {
        n += c.count;
        if (stats) stats.keysExamined++;
      }
    return n;
  }
  if (!plan.dedupe && !(plan.keyFilters ?? []).length) {
    let n = 0;
    if (!plan.index && !plan.ranges) n = meta.count;
    else
      for (const r of plan.ranges ?? [WHOLE])
        n += engine.countRange(plan.index ? { index: plan.index } : { meta }, r);
    if (stats) stats.keysExamined += n;
    return n;
  }
  let n = 0;
  for (const _ of planEntries(engine, meta, plan, stats, false)) n++;
  return n;
}

/**
 * The value an entry holds for field `i`: from the key when its type byte allows, otherwise from the document
 * (the element whose key this is). `undefined` when the document has no value there (a missing field, an
 * empty array), `{ found: false }` when the document is gone.
 */
function entryValue(
  engine: Engine,
  meta: CollectionMeta,
  ix: IndexSpec,
  e: Entry,
  i: number,
  offs: number[],
  stats?: QueryStats,
): { value: unknown; fromKey: boolean } {
  const desc = ix.fields[i]!.dir < 0;
  const type = entryType(ix, e.value, i);
  if (type !== undefined) {
    const d = decodeSegment(e.key, offs[i]!, offs[i + 1]!, desc, type);
    if (d.ok) return { value: d.value, fromKey: true };
  }
  const raw = engine.getByEncodedId(meta, e.idEnc);
  if (stats) stats.docsExamined++;
  if (!raw) return { value: undefined, fromKey: false };
  let seg = e.key.subarray(offs[i], offs[i + 1]);
  if (desc) seg = Buffer.from(seg.map((b) => ~b & 0xff));
  for (const v of pathValues(pipelineDocument(raw), ix.fields[i]!.path)) {
    if (v !== undefined && encodeKey([v]).equals(seg)) return { value: v, fromKey: false };
  }
  return { value: undefined, fromKey: false };
}

/**
 * The distinct values of field `i` of an exact index plan: after each value the scan seeks past every other
 * entry holding it. Values come back keyed by their full encoding (equal numbers of any type are one value).
 */
export function distinctScan(
  engine: Engine,
  meta: CollectionMeta,
  plan: Plan,
  i: number,
  stats?: QueryStats,
): Map<string, unknown> {
  const ix = plan.index!;
  const dirs = dirsOf(plan);
  const passes = keyFilter(plan);
  const values = new Map<string, unknown>();
  for (const r of plan.ranges ?? [WHOLE]) {
    let from = r.start;
    for (;;) {
      const e = engine.firstEntry(ix, { start: from, end: r.end }, false);
      if (!e) break;
      if (stats) stats.keysExamined++;
      const own = e.key.subarray(KEY_PREFIX);
      const next = Buffer.concat([own, Buffer.from([0])]);
      if (passes && !passes(e.key)) {
        from = next;
        continue;
      }
      const offs = segmentOffsets(e.key, KEY_PREFIX, dirs, i + 1);
      const entry: Entry = { key: e.key, value: e.value, idEnc: entryId(ix, e.value) };
      const { value } = entryValue(engine, meta, ix, entry, i, offs, stats);
      if (value !== undefined) {
        const k = encodeKey([value], undefined, true).toString('latin1');
        if (!values.has(k)) values.set(k, value);
      }
      // a missing field shares the null key with null, and a shortened string its key with longer ones:
      // only a value the key holds whole lets the scan skip the rest of its key
      const whole = value !== undefined && !isTruncated(value);
      from = whole ? prefixEnd(e.key.subarray(KEY_PREFIX, offs[i + 1])) : next;
      if (r.end && Buffer.compare(from, r.end) >= 0) break;
    }
  }
  return values;
}

/** Field paths an inclusion projection asks for, and whether it keeps _id; undefined for other projections. */
export function inclusionPaths(
  projection: Document | undefined,
): { paths: string[]; id: boolean } | undefined {
  if (!projection || !isPlainObject(projection)) return undefined;
  const paths: string[] = [];
  let id = true;
  for (const [k, v] of Object.entries(projection)) {
    const on = typeof v === 'boolean' ? v : typeof v === 'number' ? v !== 0 : undefined;
    if (on === undefined || k.includes('$')) return undefined;
    if (k === '_id') id = on;
    else if (on) paths.push(k);
    else return undefined;
  }
  return paths.length ? { paths, id } : undefined;
}

export type CoveredProjector = (e: Entry) => Buffer | undefined;

/**
 * Builds projected documents from index keys when the plan is exact and every projected field (and the _id,
 * when kept) is a field of the index. Returns undefined for an entry whose key does not hold its value
 * exactly; the caller then reads that document.
 */
export function coveredProjector(
  plan: Plan,
  projection: Document | undefined,
  sort: SortField[],
): CoveredProjector | undefined {
  const ix = plan.index;
  if (!ix?.entryTypes || !plan.exact || plan.union) return undefined;
  if (sort.length && !plan.providesSort) return undefined;
  const wanted = inclusionPaths(projection);
  if (!wanted) return undefined;
  const fieldOf = wanted.paths.map((p) => ix.fields.findIndex((f) => f.path === p));
  if (fieldOf.some((i) => i < 0)) return undefined;
  // a path inside another projected one would need the document's shape
  if (wanted.paths.some((p) => wanted.paths.some((q) => q !== p && p.startsWith(`${q}.`)))) return undefined;
  const dirs = dirsOf(plan);
  const upTo = Math.max(...fieldOf) + 1;
  // top-level fields are written straight into BSON; dotted ones need the document's shape from setPath
  const flat = wanted.paths.every((p) => !p.includes('.'));
  const names = [...(wanted.id ? ['_id'] : []), ...wanted.paths].map((p) => Buffer.from(p, 'utf8'));
  const offs: number[] = [];
  return (e) => {
    segmentOffsets(e.key, KEY_PREFIX, dirs, upTo, offs);
    const fields: Buffer[] = [];
    const values: unknown[] = [];
    if (wanted.id) {
      const t = entryType(ix, e.value, ix.fields.length)!;
      // a long string _id is stored shortened (with a hash): it does not decode, and the document is read
      const d = decodeSegment(e.idEnc, 0, e.idEnc.length, false, t);
      if (!d.ok || d.value === undefined) return undefined;
      fields.push(names[0]!);
      values.push(d.value);
    }
    for (let j = 0; j < wanted.paths.length; j++) {
      const i = fieldOf[j]!;
      const t = entryType(ix, e.value, i)!;
      if (t === EntryType.missing) continue;
      const d = decodeSegment(e.key, offs[i]!, offs[i + 1]!, ix.fields[i]!.dir < 0, t);
      if (!d.ok) return undefined;
      fields.push(names[j + (wanted.id ? 1 : 0)]!);
      values.push(d.value);
    }
    const direct = flat ? scalarDocument(fields, values) : undefined;
    if (direct) return direct;
    const out: Document = {};
    fields.forEach((name, k) => setPath(out, name.toString('utf8'), values[k]));
    return Buffer.from(serialize(out));
  };
}

/**
 * For each distinct key of field `i` (in index order) of an exact plan, the value and how many entries hold it:
 * LMDB counts each key's entries unless key filters or several keys per document need them read one by one.
 */
export function* groupCounts(
  engine: Engine,
  meta: CollectionMeta,
  plan: Plan,
  i: number,
  stats?: QueryStats,
): Generator<{ value: unknown; count: number }> {
  const ix = plan.index!;
  const dirs = dirsOf(plan);
  if (countedByValue(plan, i)) {
    // each counter is a group: its value from the first entry holding it
    for (const r of plan.ranges ?? [WHOLE])
      for (const { seg, count } of engine.leadingCounts(ix, r)) {
        if (stats) stats.keysExamined++;
        const e = engine.firstEntry(ix, { start: seg, end: prefixEnd(seg) }, false);
        if (!e) continue;
        const first: Entry = { key: e.key, value: e.value, idEnc: entryId(ix, e.value) };
        const { value } = entryValue(
          engine,
          meta,
          ix,
          first,
          i,
          segmentOffsets(e.key, KEY_PREFIX, dirs, i + 1),
          stats,
        );
        yield { value, count };
      }
    return;
  }
  const passes = keyFilter(plan);
  const oneByOne = Boolean(passes) || plan.dedupe;
  for (const r of plan.ranges ?? [WHOLE]) {
    let from = r.start;
    for (;;) {
      const e = engine.firstEntry(ix, { start: from, end: r.end }, false);
      if (!e) break;
      const offs = segmentOffsets(e.key, KEY_PREFIX, dirs, i + 1);
      const group = e.key.subarray(KEY_PREFIX, offs[i + 1]);
      const groupEnd = prefixEnd(group);
      const end = r.end && Buffer.compare(r.end, groupEnd) < 0 ? r.end : groupEnd;
      let count = 0;
      let first: Entry | undefined;
      if (oneByOne) {
        for (const x of planEntries(
          engine,
          meta,
          { ...plan, ranges: [{ start: from, end }], reverse: false },
          stats,
        )) {
          first ??= x;
          count++;
        }
      } else {
        count = engine.countRange({ index: ix }, { start: from, end });
        if (stats) stats.keysExamined += count;
        first = { key: e.key, value: e.value, idEnc: entryId(ix, e.value) };
      }
      if (first && count) {
        const firstOffs = segmentOffsets(first.key, KEY_PREFIX, dirs, i + 1);
        const { value } = entryValue(engine, meta, ix, first, i, firstOffs, stats);
        yield { value, count };
      }
      from = end;
      if (r.end && Buffer.compare(from, r.end) >= 0) break;
    }
  }
}
