// Jumping over a run of index entries that all fail a key filter with the same value, e.g. a review queue
// (status, createdAt, author) read with author ≠ me when my own thousands of items fill its front. Stepping
// over them one key at a time costs JavaScript work per key; a second index holding the same documents with
// that field moved among the equalities — the companion, (author, status, createdAt) — lists exactly those
// entries, in the same order. The next k entries of the scan all hold the failing value when the scan's k-th
// next entry is the value's k-th next entry in the companion: LMDB steps k entries of each natively. The scan
// gallops (k doubling while that holds), narrows down where the run ends (k halving) and resumes after the
// last entry proved to be in the run, so JavaScript reads a few keys instead of the whole run. A proven run
// is remembered (remembered-runs.ts) until a write lands in it: the next scan that meets it jumps to its end
// without walking it again.
import { serialize } from 'bson';
import type { Engine } from '../storage/engine';
import type { CollectionMeta, IndexSpec } from '../storage/catalog-types';
import { prefixEnd } from '../storage/key-encoding';
import { segmentOffsets } from '../storage/key-segments';
import { inIntervalsAt } from './bounds';
import type { KeyFilter, Plan } from './planner';

export interface RunSkip {
  /** The plan index's field whose key filter the run fails. */
  field: number;
  companion: IndexSpec;
  /** For each companion field, the plan index's field it holds. */
  order: number[];
  /** The companion's leading fields that are equalities in a run: the plan's point fields and `field`. */
  points: number;
}

const KEY_PREFIX = 4;
/** Failures in a row, on one value, before the scan tries to jump: an occasional one costs nothing extra. */
const STREAK = 8;
const FIRST_STEP = 16;
const MIN_STEP = 4;

const samePartial = (a: IndexSpec, b: IndexSpec): boolean =>
  a.partialFilterExpression === undefined
    ? b.partialFilterExpression === undefined
    : b.partialFilterExpression !== undefined &&
      Buffer.from(serialize(a.partialFilterExpression)).equals(
        Buffer.from(serialize(b.partialFilterExpression)),
      );

/**
 * The companion of a key-filtered field: an index over the same documents (one entry each) whose leading
 * fields are the plan's point fields and that field in any order, followed by the plan index's other fields
 * in its order, with the same directions. Its entries for one value of the field are then the plan's entries
 * with that value, in the plan's order.
 */
function companionOf(meta: CollectionMeta, plan: Plan, kf: KeyFilter): RunSkip | undefined {
  const ix = plan.index!;
  const points = plan.pointFields ?? 0;
  const fields = ix.fields;
  const lead = new Set([...fields.slice(0, points).map((_, i) => i), kf.field]);
  const rest = fields.map((_, i) => i).filter((i) => !lead.has(i));
  for (const c of meta.indexes) {
    if (c === ix || c.multikey || c.sparse !== ix.sparse || c.fields.length !== fields.length) continue;
    if (!samePartial(c, ix)) continue;
    const order = c.fields.map((cf) => fields.findIndex((f) => f.path === cf.path && f.dir === cf.dir));
    if (order.some((i) => i < 0)) continue;
    const leading = order.slice(0, lead.size);
    if (new Set(leading).size !== lead.size || !leading.every((i) => lead.has(i))) continue;
    if (!order.slice(lead.size).every((i, j) => i === rest[j])) continue;
    return { field: kf.field, companion: c, order, points: lead.size };
  }
  return undefined;
}

/** The plan, with a companion index when one lets its forward scan jump over runs failing a key filter. */
export function withRunSkip(meta: CollectionMeta, plan: Plan): Plan {
  const ix = plan.index;
  if (!ix || plan.union || plan.reverse || plan.dedupe || ix.multikey || !plan.keyFilters?.length)
    return plan;
  for (const kf of plan.keyFilters) {
    const runSkip = companionOf(meta, plan, kf);
    if (runSkip) return { ...plan, runSkip };
  }
  return plan;
}

/** Reorders a key's field segments (after its 4-byte index prefix) into another index's order, _id last. */
function reorder(key: Buffer, offs: number[], order: number[], ixId: number): Buffer {
  const parts: Buffer[] = [Buffer.alloc(KEY_PREFIX)];
  parts[0]!.writeUInt32BE(ixId, 0);
  for (const i of order) parts.push(key.subarray(offs[i], offs[i + 1]));
  parts.push(key.subarray(offs[offs.length - 1]));
  return Buffer.concat(parts);
}

export interface RunSkipper {
  /**
   * Called with each key the scan drops on its key filters. Answers the key (without index prefix) to resume
   * the scan from when it jumped over a run, else undefined.
   */
  failed(key: Buffer, rangeEnd: Buffer | undefined): Buffer | undefined;
  /** Called when a key passes: a run, if any, has ended. */
  passed(): void;
}

/**
 * A scan's jumper. `examined` is told of each key it reads itself (the probes); the entries it jumps over
 * are counted by LMDB and never handed to JavaScript.
 */
export function runSkipper(engine: Engine, plan: Plan, examined: () => void): RunSkipper | undefined {
  const skip = plan.runSkip;
  if (!skip) return undefined;
  const ix = plan.index!;
  const dirs = ix.fields.map((f) => f.dir);
  const cDirs = skip.companion.fields.map((f) => f.dir);
  const intervals = plan.keyFilters!.find((k) => k.field === skip.field)!.intervals;
  // the plan's field for each companion field, inverted: the companion's field for each plan field
  const back = dirs.map((_, i) => skip.order.indexOf(i));
  const offs: number[] = [];
  let streak = 0;
  let value: Buffer | undefined;

  const jump = (key: Buffer, rangeEnd: Buffer | undefined): Buffer | undefined => {
    const known = engine.runs.lastOf(ix.id, skip.field, value!, key);
    if (known && known.compare(key) > 0) {
      examined();
      return Buffer.concat([known.subarray(KEY_PREFIX), Buffer.from([0])]);
    }
    const companionKey = reorder(key, offs, skip.order, skip.companion.id);
    const cOffs = segmentOffsets(companionKey, KEY_PREFIX, cDirs);
    const valueEnd = prefixEnd(companionKey.subarray(KEY_PREFIX, cOffs[skip.points]));
    let pos = key.subarray(KEY_PREFIX);
    let cPos = companionKey.subarray(KEY_PREFIX);
    // gallop (the step doubling while the run goes on), then narrow down its end (halving): each probe walks
    // `step` entries of each index natively, so a probe costs its step whatever lies beyond the run
    let step = FIRST_STEP;
    let growing = true;
    let moved = false;
    while (step >= MIN_STEP) {
      const probe = engine.indexKeyAt(skip.companion, { start: cPos, end: valueEnd }, step);
      examined();
      let inRun = false;
      let x: Buffer | undefined;
      if (probe) {
        x = reorder(probe, segmentOffsets(probe, KEY_PREFIX, cDirs, cDirs.length, []), back, ix.id).subarray(
          KEY_PREFIX,
        );
        if (!rangeEnd || Buffer.compare(x, rangeEnd) < 0) {
          // the run holds the value's next `step` entries when the scan's own `step`-th next entry is the last
          const own = engine.indexKeyAt(ix, { start: pos, end: rangeEnd }, step);
          examined();
          inRun = own !== undefined && own.subarray(KEY_PREFIX).equals(x);
        }
      }
      if (inRun) {
        pos = x!;
        cPos = probe!.subarray(KEY_PREFIX);
        moved = true;
        step = growing ? step * 2 : step >> 1;
      } else {
        growing = false;
        step >>= 1;
      }
    }
    if (!moved) return undefined;
    engine.runs.remember({
      index: ix.id,
      field: skip.field,
      value: value!,
      first: Buffer.from(key),
      last: Buffer.concat([key.subarray(0, KEY_PREFIX), pos]),
    });
    return Buffer.concat([pos, Buffer.from([0])]);
  };

  return {
    failed(key, rangeEnd) {
      segmentOffsets(key, KEY_PREFIX, dirs, dirs.length, offs);
      const start = offs[skip.field]!;
      const end = offs[skip.field + 1]!;
      if (inIntervalsAt(key, start, end, intervals)) {
        streak = 0; // dropped on another field
        return undefined;
      }
      if (value && key.compare(value, 0, value.length, start, end) === 0) streak++;
      else {
        value = Buffer.from(key.subarray(start, end));
        streak = 1;
      }
      if (streak < STREAK) return undefined;
      streak = 0;
      return jump(key, rangeEnd);
    },
    passed() {
      streak = 0;
    },
  };
}
