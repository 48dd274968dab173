// Runs of index entries a scan has proven to hold one value of a field (see run-skip.ts), remembered so that
// the next scan over the same run jumps to its end at once. A review queue is read again and again while the
// writer's own thousands of items wait at its front; proving the run costs LMDB a walk over it each time,
// while the run itself changes only when a write lands inside it.
//
// A remembered run stays true while no index entry is written or removed between its first and last keys:
// every such write forgets the runs it falls in, and dropping or rebuilding index entries forgets them all.
// A run proven while a write transaction has run its mutations but is not yet committed may have been read
// before that write became visible (reads see the last commit), so it is not remembered.

/** A run: every entry of index `index` from `first` to `last` (full keys, inclusive) holds `value` at `field`. */
interface Run {
  index: number;
  field: number;
  value: Buffer;
  first: Buffer;
  last: Buffer;
}

/** Enough for the queues being read at once; the oldest run is forgotten first. */
const MAX_RUNS = 64;

export class RememberedRuns {
  private runs: Run[] = [];
  /** Write transactions whose mutations have run but whose commit is not yet visible to reads. */
  private uncommitted = 0;

  /** A write transaction is about to run its mutations. */
  writing(): void {
    this.uncommitted++;
  }

  /** That transaction's commit is visible to reads (or it failed). */
  written(): void {
    this.uncommitted--;
  }

  /** An index entry with this full key is written or removed: the runs around it no longer hold. */
  touched(key: Buffer): void {
    if (!this.runs.length) return;
    this.runs = this.runs.filter((r) => key.compare(r.first) < 0 || key.compare(r.last) > 0);
  }

  /** Index entries were dropped or built in bulk. */
  clear(): void {
    this.runs = [];
  }

  remember(run: Run): void {
    if (this.uncommitted > 0) return;
    this.runs.push(run);
    if (this.runs.length > MAX_RUNS) this.runs.shift();
  }

  /** The last key of a remembered run of `value` at `field` holding the full key `key`, if any. */
  lastOf(index: number, field: number, value: Buffer, key: Buffer): Buffer | undefined {
    let last: Buffer | undefined;
    for (const r of this.runs) {
      if (r.index !== index || r.field !== field || !r.value.equals(value)) continue;
      if (key.compare(r.first) < 0 || key.compare(r.last) > 0) continue;
      if (!last || r.last.compare(last) > 0) last = r.last;
    }
    return last;
  }
}
