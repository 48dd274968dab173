// A small Cache API (CacheStorage and Cache) in memory, enough for the service worker's code under test:
// responses are kept as bytes with their status and headers, and each match answers a fresh Response.

interface Kept {
  body: ArrayBuffer;
  status: number;
  statusText: string;
  headers: [string, string][];
}

const urlOf = (request: RequestInfo | URL) =>
  typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;

const withoutQuery = (url: string) => url.replace(/[?#].*$/, '');

const revive = (kept: Kept) =>
  new Response(kept.body.slice(0), {
    status: kept.status,
    statusText: kept.statusText,
    headers: kept.headers,
  });

export class FakeCache {
  readonly entries = new Map<string, Kept>();

  async put(request: RequestInfo | URL, response: Response) {
    const body = await response.arrayBuffer();
    this.entries.set(urlOf(request), {
      body,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
    });
  }

  async match(request: RequestInfo | URL, options: CacheQueryOptions = {}) {
    const url = urlOf(request);
    const kept =
      this.entries.get(url) ??
      (options.ignoreSearch
        ? [...this.entries].find(([key]) => withoutQuery(key) === withoutQuery(url))?.[1]
        : undefined);
    return kept ? revive(kept) : undefined;
  }

  async delete(request: RequestInfo | URL) {
    return this.entries.delete(urlOf(request));
  }

  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  /** For assertions: the URLs kept. */
  urls() {
    return [...this.entries.keys()].sort();
  }

  async text(url: string) {
    return (await this.match(url))?.text();
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string) {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache as unknown as Cache;
  }

  async has(name: string) {
    return this.caches.has(name);
  }

  async delete(name: string) {
    return this.caches.delete(name);
  }

  async keys() {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL, options: MultiCacheQueryOptions = {}) {
    if (options.cacheName !== undefined) return this.caches.get(options.cacheName)?.match(request, options);
    for (const cache of this.caches.values()) {
      const found = await cache.match(request, options);
      if (found) return found;
    }
    return undefined;
  }

  /** For assertions: a cache by name, or undefined. */
  get(name: string) {
    return this.caches.get(name);
  }

  asCacheStorage() {
    return this as unknown as CacheStorage;
  }
}
