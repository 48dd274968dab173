// Strings that a collation calls equal ("Ọjọ́", "ọjọ" and "ỌJỌ" under { locale: 'yo', strength: 1 }) stand for
// one representative: the first such string met. Intl.Collator has no sort keys, so the representatives are
// kept in collation order and a new string is placed by binary search (a logarithmic number of comparisons,
// not one per string seen so far), and every string is looked up once (then a Map answers).
import { isPlainObject } from './paths';

/** Representatives in collation order, in chunks so that an insertion moves at most one chunk. */
const CHUNK = 512;

export class CollationKeys {
  private readonly known = new Map<string, string>();
  private readonly chunks: string[][] = [];

  constructor(private readonly collator: Intl.Collator) {}

  /** The representative of a string: the first string seen that the collation calls equal to it. */
  key(s: string): string {
    const hit = this.known.get(s);
    if (hit !== undefined) return hit;
    const rep = this.place(s);
    this.known.set(s, rep);
    return rep;
  }

  /** A value with each string (at any depth) replaced by its representative. */
  canonical(value: unknown): unknown {
    if (typeof value === 'string') return this.key(value);
    if (Array.isArray(value)) return value.map((v) => this.canonical(v));
    if (isPlainObject(value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.canonical(v)]));
    return value;
  }

  private place(s: string): string {
    const { compare } = this.collator;
    const chunks = this.chunks;
    // the last chunk whose first representative is not after s
    let lo = 0;
    let hi = chunks.length - 1;
    let c = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (compare(chunks[mid]![0]!, s) <= 0) {
        c = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (c < 0) {
      if (!chunks.length) chunks.push([s]);
      else chunks[0]!.unshift(s);
      this.split(0);
      return s;
    }
    const chunk = chunks[c]!;
    lo = 0;
    hi = chunk.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = compare(chunk[mid]!, s);
      if (r === 0) return chunk[mid]!;
      if (r < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    chunk.splice(lo, 0, s);
    this.split(c);
    return s;
  }

  private split(i: number): void {
    const chunk = this.chunks[i]!;
    if (chunk.length <= CHUNK * 2) return;
    this.chunks.splice(i + 1, 0, chunk.splice(CHUNK));
  }
}
