// Server-side cursors: a lazy iterator of BSON documents per id, dropped after a period of inactivity.
import { randomBytes } from 'node:crypto';

export interface ServerCursor {
  id: bigint;
  ns: string;
  source: Iterator<Buffer>;
  lastUsed: number;
}

export class CursorRegistry {
  private readonly cursors = new Map<bigint, ServerCursor>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly timeoutMs: number) {
    this.timer = setInterval(() => this.expire(), Math.max(50, Math.min(timeoutMs / 2, 60_000)));
    this.timer.unref();
  }

  open(ns: string, source: Iterator<Buffer>): ServerCursor {
    let id = 0n;
    while (id === 0n || this.cursors.has(id)) id = randomBytes(8).readBigInt64LE(0) & 0x7fffffffffffffffn;
    const cursor = { id, ns, source, lastUsed: Date.now() };
    this.cursors.set(id, cursor);
    return cursor;
  }

  get(id: bigint): ServerCursor | undefined {
    const c = this.cursors.get(id);
    if (c) c.lastUsed = Date.now();
    return c;
  }

  kill(id: bigint): boolean {
    const c = this.cursors.get(id);
    if (!c) return false;
    this.cursors.delete(id);
    c.source.return?.();
    return true;
  }

  private expire(): void {
    const now = Date.now();
    for (const c of [...this.cursors.values()]) if (now - c.lastUsed > this.timeoutMs) this.kill(c.id);
  }

  close(): void {
    clearInterval(this.timer);
    for (const id of [...this.cursors.keys()]) this.kill(id);
  }
}
