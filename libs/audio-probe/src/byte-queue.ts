/**
 * Bytes received but not yet parsed. Parsers look at a few bytes at a time and skip what they do not need, so
 * only the element or page being parsed is ever held, never the whole upload.
 */
export class ByteQueue {
  private chunks: Uint8Array[] = [];
  private head = 0; // read offset into chunks[0]
  private size = 0;
  /** Bytes consumed (read or skipped) since the start of the stream: absolute offsets for the parsers. */
  position = 0;

  get length(): number {
    return this.size;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** The next `n` bytes without consuming them, or null while fewer are available. */
  peek(n: number): Uint8Array | null {
    if (n > this.size) return null;
    const first = this.chunks[0];
    if (first && first.length - this.head >= n) return first.subarray(this.head, this.head + n);
    // Merge just enough chunks to make the requested bytes contiguous.
    const merged = new Uint8Array(n);
    let filled = 0;
    let index = 0;
    let offset = this.head;
    while (filled < n) {
      const chunk = this.chunks[index]!;
      const take = Math.min(chunk.length - offset, n - filled);
      merged.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      index += 1;
      offset = 0;
    }
    return merged;
  }

  /** Consumes and returns the next `n` bytes, or null while fewer are available. */
  read(n: number): Uint8Array | null {
    const bytes = this.peek(n);
    if (bytes === null) return null;
    // peek may return a view into the caller's chunk: copy, so the result may be kept or changed freely.
    // (new Uint8Array, not .slice(): on a Node Buffer, slice() is a view, not a copy.)
    const owned = new Uint8Array(bytes);
    this.skip(n);
    return owned;
  }

  /** Drops up to `n` bytes; returns how many were dropped. */
  skip(n: number): number {
    let remaining = Math.min(n, this.size);
    const dropped = remaining;
    while (remaining > 0) {
      const first = this.chunks[0]!;
      const available = first.length - this.head;
      if (available <= remaining) {
        this.chunks.shift();
        this.head = 0;
        remaining -= available;
      } else {
        this.head += remaining;
        remaining = 0;
      }
    }
    this.size -= dropped;
    this.position += dropped;
    return dropped;
  }
}
