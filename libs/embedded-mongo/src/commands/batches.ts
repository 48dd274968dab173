// Cuts result streams into batches below the 16 MB reply limit and parks the rest in a server cursor.
import type { CommandContext } from './context';
import { BATCH_BYTES_LIMIT, cursorReply } from '../wire/raw-bson';
import type { Document } from 'bson';

/** An iterator that can give back one item (the document that did not fit a batch). */
export class Pushback implements Iterator<Buffer> {
  private held: Buffer | undefined;

  constructor(private readonly inner: Iterator<Buffer>) {}

  next(): IteratorResult<Buffer> {
    if (this.held) {
      const value = this.held;
      this.held = undefined;
      return { value, done: false };
    }
    return this.inner.next();
  }

  unshift(b: Buffer): void {
    this.held = b;
  }

  return(): IteratorResult<Buffer> {
    this.inner.return?.();
    return { value: undefined, done: true };
  }
}

/** Takes up to `max` documents (0 = no count limit) within the byte budget; reports whether the source ended. */
export function takeBatch(source: Pushback, max: number): { docs: Buffer[]; done: boolean } {
  const docs: Buffer[] = [];
  let bytes = 0;
  while (!max || docs.length < max) {
    const r = source.next();
    if (r.done) return { docs, done: true };
    if (docs.length && bytes + r.value.length > BATCH_BYTES_LIMIT) {
      source.unshift(r.value);
      return { docs, done: false };
    }
    docs.push(r.value);
    bytes += r.value.length;
  }
  // peek so that an exactly-consumed source closes its cursor now
  const r = source.next();
  if (r.done) return { docs, done: true };
  source.unshift(r.value);
  return { docs, done: false };
}

/** The first batch of a cursor-returning command; opens a server cursor when documents remain. */
export function firstBatchReply(
  ctx: CommandContext,
  ns: string,
  iterator: Iterator<Buffer>,
  batchSize: number,
  singleBatch = false,
  extra: Document = {},
): Buffer {
  const source = new Pushback(iterator);
  const { docs, done } = takeBatch(source, batchSize);
  let id = 0n;
  if (!done && !singleBatch) id = ctx.state.cursors.open(ns, source).id;
  else source.return();
  return cursorReply('firstBatch', docs, id, ns, extra);
}
