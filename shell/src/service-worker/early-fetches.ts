/** How long an answer asked for ahead of the page waits for the page's own request. */
export const EARLY_FETCH_KEEP_MS = 10_000;

/**
 * Network answers asked for before the page asks. When the worker answers a page from the device, the page's
 * next network round trips (/remotes.json, then the manifest of the remote that draws it) would otherwise
 * start one after another as its scripts run; asked at once, they run beside the page's start. Each answer
 * goes to the first request for its URL; one nobody asks for in time is dropped.
 */
export class EarlyFetches {
  private readonly pending = new Map<string, { response: Promise<Response>; at: number }>();

  constructor(
    private readonly fetchFn: (url: string, init?: RequestInit) => Promise<Response>,
    private readonly now: () => number,
  ) {}

  start(url: string, init?: RequestInit) {
    if (this.pending.has(url)) return;
    const response = this.fetchFn(url, init);
    // A failure is the page's to see, when (and if) it asks.
    response.catch(() => undefined);
    this.pending.set(url, { response, at: this.now() });
  }

  /** Forgets every answer still waiting: none of them is handed to a page any more. */
  dropAll() {
    this.pending.clear();
  }

  /** The answer asked for `url` ahead of time, handed over once; undefined when there is none (any more). */
  take(url: string): Promise<Response> | undefined {
    const early = this.pending.get(url);
    this.pending.delete(url);
    for (const [other, { at }] of this.pending)
      if (this.now() - at > EARLY_FETCH_KEEP_MS) this.pending.delete(other);
    return early && this.now() - early.at <= EARLY_FETCH_KEEP_MS ? early.response : undefined;
  }
}
