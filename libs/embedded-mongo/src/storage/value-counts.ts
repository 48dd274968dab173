// How many entries each value of an index's leading field has, kept beside the index in the same LMDB
// transactions: an equality or range count on that field, or a count per value, then reads a few counters
// instead of walking every entry. Only fields with few distinct values are counted (a status, a language):
// an index whose leading field passes COUNTED_VALUES distinct values stops counting and drops its counters.
// Changes are summed in memory while a group commit runs and written once at its end.
import type { Database } from 'lmdb';
import type { CollectionMeta, IndexSpec } from './catalog-types';
import { prefixEnd } from './key-encoding';
import { segmentEnd } from './key-segments';

export const COUNTED_VALUES = 1024;

const u32 = (n: number): Buffer => {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(n, 0);
  return b;
};

const readCount = (b: Buffer | undefined): number => (b ? b.readDoubleBE(0) : 0);
const countBytes = (n: number): Buffer => {
  const b = Buffer.allocUnsafe(8);
  b.writeDoubleBE(n, 0);
  return b;
};

/** The encoded leading field of an index key (the fields' encoding, without index prefix or _id). */
export const leadingSegment = (ix: IndexSpec, keyBytes: Buffer): Buffer =>
  keyBytes.subarray(0, segmentEnd(keyBytes, 0, ix.fields[0]!.dir < 0));

export class ValueCounts {
  private readonly pending = new Map<
    string,
    { meta: CollectionMeta; ix: IndexSpec; seg: Buffer; delta: number }
  >();
  /** Distinct counted values per index id. */
  private readonly distinct = new Map<number, number>();

  constructor(
    private readonly db: Database<Buffer, Buffer>,
    private readonly index: Database<Buffer, Buffer>,
    private readonly saveMeta: (meta: CollectionMeta) => void,
  ) {}

  /** At start-up: counted indexes learn how many values they hold; indexes from before counting get built. */
  load(meta: CollectionMeta, ix: IndexSpec): boolean {
    if (ix.counted === true) {
      const prefix = u32(ix.id);
      this.distinct.set(ix.id, this.db.getKeysCount({ start: prefix, end: prefixEnd(prefix) }));
      return false;
    }
    return ix.counted === undefined;
  }

  /** Inside a write: counts an existing index's values from its entries (one seek and one LMDB count each). */
  buildFromIndex(meta: CollectionMeta, ix: IndexSpec): void {
    const prefix = u32(ix.id);
    const end = prefixEnd(prefix);
    let from = prefix;
    const counts: [Buffer, number][] = [];
    for (;;) {
      let key: Buffer | undefined;
      for (const k of this.index.getKeys({ start: from, end, limit: 1 })) key = k;
      if (!key) break;
      const seg = leadingSegment(ix, key.subarray(4));
      const start = Buffer.concat([prefix, seg]);
      counts.push([seg, this.index.getKeysCount({ start, end: prefixEnd(start) })]);
      if (counts.length > COUNTED_VALUES) break;
      from = prefixEnd(start);
    }
    this.set(meta, ix, counts);
  }

  /** Inside a write: the counters of a new index, from the keys its build wrote. */
  set(meta: CollectionMeta, ix: IndexSpec, counts: Iterable<[Buffer, number]>): void {
    const list = [...counts];
    this.clear(ix);
    ix.counted = list.length <= COUNTED_VALUES;
    if (ix.counted) {
      const prefix = u32(ix.id);
      for (const [seg, n] of list) this.db.putSync(Buffer.concat([prefix, seg]), countBytes(n));
      this.distinct.set(ix.id, list.length);
    }
    this.saveMeta(meta);
  }

  /** Inside a write: an index entry with these encoded fields was added (+1) or removed (-1). */
  add(meta: CollectionMeta, ix: IndexSpec, keyBytes: Buffer, delta: number): void {
    if (!ix.counted) return;
    const seg = leadingSegment(ix, keyBytes);
    const id = `${ix.id}:${seg.toString('latin1')}`;
    const p = this.pending.get(id);
    if (p) p.delta += delta;
    else this.pending.set(id, { meta, ix, seg, delta });
  }

  /** At the end of a group commit, inside its transaction: writes the summed changes. */
  flush(): void {
    for (const { meta, ix, seg, delta } of this.pending.values()) {
      if (!ix.counted || delta === 0) continue;
      const key = Buffer.concat([u32(ix.id), seg]);
      const before = readCount(this.db.get(key));
      const after = before + delta;
      if (after > 0) this.db.putSync(key, countBytes(after));
      else this.db.removeSync(key);
      const distinct =
        (this.distinct.get(ix.id) ?? 0) +
        (before <= 0 && after > 0 ? 1 : 0) -
        (before > 0 && after <= 0 ? 1 : 0);
      this.distinct.set(ix.id, distinct);
      if (distinct > COUNTED_VALUES) {
        // too many values to be worth counting: the index's counts are walked instead
        this.clear(ix);
        ix.counted = false;
        this.saveMeta(meta);
      }
    }
    this.pending.clear();
  }

  /** Drops pending changes (their transaction failed). */
  discard(): void {
    this.pending.clear();
  }

  /** Inside a write: removes an index's counters (dropped, or emptied by a truncate). */
  clear(ix: IndexSpec): void {
    const prefix = u32(ix.id);
    for (;;) {
      const keys = [...this.db.getKeys({ start: prefix, end: prefixEnd(prefix), limit: 10_000 })];
      if (!keys.length) break;
      for (const k of keys) this.db.removeSync(k);
    }
    this.distinct.set(ix.id, 0);
    for (const [id, p] of this.pending) if (p.ix === ix) this.pending.delete(id);
  }

  /** The counters within a range of leading-field encodings: each value's encoding and its entry count. */
  *within(
    ix: IndexSpec,
    range: { start: Buffer; end: Buffer | undefined },
  ): Generator<{ seg: Buffer; count: number }> {
    const prefix = u32(ix.id);
    const start = Buffer.concat([prefix, range.start]);
    const end = range.end ? Buffer.concat([prefix, range.end]) : prefixEnd(prefix);
    if (Buffer.compare(start, end) >= 0) return;
    for (const { key, value } of this.db.getRange({ start, end }))
      yield { seg: key.subarray(4), count: readCount(value) };
  }
}
