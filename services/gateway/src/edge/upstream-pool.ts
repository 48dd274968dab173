/** How long a copy that refused a connection is passed over before it is tried again. */
export const DOWN_FOR_MS = 1000;

/**
 * The copies of one service (TEXT_URL / SPEECH_URL may list several), taken in turn. A copy that could not be
 * reached is passed over for DOWN_FOR_MS, so a dead one costs at most one failed connection a second instead of
 * every n-th request; after that it gets requests again, which is how a copy that came back is noticed.
 */
export class UpstreamPool {
  readonly urls: readonly string[];
  private next = 0;
  private readonly downUntil = new Map<string, number>();
  private readonly downForMs: number;
  private readonly now: () => number;

  constructor(urls: string | readonly string[], options: { downForMs?: number; now?: () => number } = {}) {
    this.urls = typeof urls === 'string' ? [urls] : [...urls];
    if (this.urls.length === 0) throw new Error('a service needs at least one URL');
    this.downForMs = options.downForMs ?? DOWN_FOR_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * The next copy in turn that is not passed over and not in `tried`. When every copy left is marked down, the
   * next of them anyway: one of them may be back, and the caller answers 503 if not. Undefined once every copy
   * was tried.
   */
  pick(tried: ReadonlySet<string> = new Set()): string | undefined {
    const n = this.urls.length;
    const now = this.now();
    let fallback: number | undefined;
    for (let step = 0; step < n; step++) {
      const i = (this.next + step) % n;
      const url = this.urls[i]!;
      if (tried.has(url)) continue;
      if ((this.downUntil.get(url) ?? 0) <= now) {
        this.next = (i + 1) % n;
        return url;
      }
      fallback ??= i;
    }
    if (fallback === undefined) return undefined;
    this.next = (fallback + 1) % n;
    return this.urls[fallback];
  }

  /** The copy could not be reached: pass it over for a while. */
  markDown(url: string) {
    this.downUntil.set(url, this.now() + this.downForMs);
  }

  /** The copy answered: it is up, whatever was thought before. */
  markUp(url: string) {
    this.downUntil.delete(url);
  }

  isDown(url: string) {
    return (this.downUntil.get(url) ?? 0) > this.now();
  }
}

/** The upstream errors that mean the request never reached the copy: nothing of it was sent there. */
const NOT_REACHED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether an error (or one of its causes) says the connection to the copy could not be opened. */
export function neverReached(error: unknown): boolean {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && NOT_REACHED_CODES.has(current.code)) return true;
    current = current.cause as typeof current;
  }
  return false;
}
