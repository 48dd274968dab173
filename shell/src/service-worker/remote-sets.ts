import { bareUrl, entryMatchesManifest, parseMfManifest, remoteFiles, versionKey } from './mf-manifest';

/**
 * Each build of a remote the worker keeps is one Cache ("set"): its manifest, its remote entry and every
 * file its exposed modules load, named by the remote and a hash of the manifest. A set becomes the remote's
 * active one only once complete; the one before it stays for pages still running it, older ones go. So a
 * page offline gets one build of a remote throughout, never the manifest of one and the chunks of another.
 */
export const SET_CACHE_PREFIX = 'platform-remote-v1';
export const META_CACHE = 'platform-meta-v1';

export const setCacheName = (remote: string, version: string) => `${SET_CACHE_PREFIX}:${remote}:${version}`;

const setCachePattern = /^platform-remote-v1:([^:]+):([0-9a-f]+)$/;

export interface RemoteSetRecord {
  /** Where the set's manifest was read (no query). */
  manifestUrl: string;
  entryUrl: string;
  /** The folder of the remote's files. */
  base: string;
  /** The complete set served when the network does not answer. */
  active: string;
  /** The set before it, kept while pages may still be running it. */
  previous?: string;
}

export interface WorkerRecords {
  sets: Record<string, RemoteSetRecord>;
  /** When every listed remote's manifest was last asked for (ms since the epoch). */
  checkedAt?: number;
}

/** Where the records live in the meta cache: a key on the worker's own origin that no request ever has. */
export const recordsKey = (origin: string) => `${origin}/__service-worker/remote-sets.json`;

export interface RemoteSetsDeps {
  caches: CacheStorage;
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  origin: string;
}

export type CacheOutcome = 'cached' | 'unchanged' | 'not-a-manifest' | 'mixed-builds' | 'failed';

const json = (text: string) =>
  new Response(text, { headers: { 'content-type': 'application/json; charset=utf-8' } });

export class RemoteSets {
  private records: Promise<WorkerRecords> | undefined;
  private readonly pending = new Map<string, Promise<CacheOutcome>>();
  /** Which build of each remote each page was given, so its remote entry and chunks match it. */
  private readonly pageVersions = new Map<string, Map<string, string>>();

  constructor(private readonly deps: RemoteSetsDeps) {}

  read(): Promise<WorkerRecords> {
    this.records ??= this.deps.caches
      .match(recordsKey(this.deps.origin), { cacheName: META_CACHE })
      .then((saved) => (saved ? (saved.json() as Promise<WorkerRecords>) : { sets: {} }))
      .catch(() => ({ sets: {} }));
    return this.records;
  }

  private async write(records: WorkerRecords) {
    this.records = Promise.resolve(records);
    const meta = await this.deps.caches.open(META_CACHE);
    await meta.put(recordsKey(this.deps.origin), json(JSON.stringify(records)));
  }

  /** The remote a URL belongs to (its manifest, entry or a file in its folder), by the kept sets. */
  async remoteOf(url: string): Promise<{ name: string; record: RemoteSetRecord } | undefined> {
    const { sets } = await this.read();
    const bare = bareUrl(url);
    for (const [name, record] of Object.entries(sets)) {
      if (bare === record.manifestUrl || bare.startsWith(record.base)) return { name, record };
    }
    return undefined;
  }

  async checkedAt(): Promise<number | undefined> {
    return (await this.read()).checkedAt;
  }

  async markChecked(at: number) {
    const records = await this.read();
    records.checkedAt = at;
    await this.write(records);
  }

  rememberPageVersion(clientId: string, remote: string, version: string) {
    if (!clientId) return;
    const versions = this.pageVersions.get(clientId) ?? new Map<string, string>();
    versions.set(remote, version);
    this.pageVersions.set(clientId, versions);
  }

  pageVersion(clientId: string, remote: string): string | undefined {
    return this.pageVersions.get(clientId)?.get(remote);
  }

  /** Forgets the pages that are gone (their ids are never reused). */
  forgetPagesExcept(liveClientIds: readonly string[]) {
    const live = new Set(liveClientIds);
    for (const id of this.pageVersions.keys()) if (!live.has(id)) this.pageVersions.delete(id);
  }

  /** A file of one set of a remote, if that set has it. */
  async fromSet(remote: string, version: string, url: string): Promise<Response | undefined> {
    return this.deps.caches.match(bareUrl(url), { cacheName: setCacheName(remote, version) });
  }

  /**
   * Keeps the build `manifestText` describes (read from `manifestUrl`) as the remote's set, unless it is
   * already its active one. Files already kept under their content-hashed names are copied, not fetched.
   */
  keep(remote: string, manifestUrl: string, manifestText: string): Promise<CacheOutcome> {
    const key = `${remote} ${manifestUrl} ${manifestText}`;
    const running = this.pending.get(key);
    if (running) return running;
    const work = this.cacheSet(remote, bareUrl(manifestUrl), manifestText).finally(() =>
      this.pending.delete(key),
    );
    this.pending.set(key, work);
    return work;
  }

  private async cacheSet(remote: string, manifestUrl: string, manifestText: string): Promise<CacheOutcome> {
    const manifest = parseMfManifest(manifestText);
    if (!manifest) return 'not-a-manifest';
    const version = await versionKey(manifestText);
    const current = (await this.read()).sets[remote];
    if (current?.active === version && current.manifestUrl === manifestUrl) return 'unchanged';
    const files = remoteFiles(manifestUrl, manifest);
    const name = setCacheName(remote, version);
    try {
      const entry = await this.deps.fetch(files.entryUrl, { cache: 'no-cache', mode: 'cors' });
      if (!entry.ok) return 'failed';
      const entryText = await entry.text();
      if (!entryMatchesManifest(entryText, manifest)) return 'mixed-builds';
      const cache = await this.deps.caches.open(name);
      for (const url of files.assetUrls) await this.copyOrFetch(cache, url);
      // Only its type: the body read here is already decoded, so the transfer's encoding and length are not its.
      const type = entry.headers.get('content-type') ?? 'text/javascript';
      await cache.put(files.entryUrl, new Response(entryText, { headers: { 'content-type': type } }));
      await cache.put(manifestUrl, json(manifestText));
    } catch {
      // Offline or a file missing half-way: the incomplete set is dropped, the active one stays.
      if (current?.active !== version && current?.previous !== version) await this.deps.caches.delete(name);
      return 'failed';
    }
    const records = await this.read();
    const before = records.sets[remote];
    const previous = before && before.active !== version ? before.active : before?.previous;
    records.sets[remote] = {
      manifestUrl,
      entryUrl: files.entryUrl,
      base: files.base,
      active: version,
      previous,
    };
    await this.write(records);
    await this.dropSetsExcept(remote, [version, previous]);
    return 'cached';
  }

  private async copyOrFetch(cache: Cache, url: string) {
    if (await cache.match(url)) return;
    const kept = await this.deps.caches.match(url);
    if (kept) return cache.put(url, kept);
    const response = await this.deps.fetch(url, { mode: 'cors', credentials: 'omit' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await cache.put(url, response);
  }

  private async dropSetsExcept(remote: string, keep: ReadonlyArray<string | undefined>) {
    for (const name of await this.deps.caches.keys()) {
      const match = setCachePattern.exec(name);
      if (match && match[1] === remote && !keep.includes(match[2])) await this.deps.caches.delete(name);
    }
  }

  /** Forgets the remotes /remotes.json no longer lists, with their sets. */
  async dropRemotesExcept(names: readonly string[]) {
    const records = await this.read();
    const gone = Object.keys(records.sets).filter((name) => !names.includes(name));
    if (gone.length === 0) return;
    for (const name of gone) delete records.sets[name];
    await this.write(records);
    for (const name of await this.deps.caches.keys()) {
      const match = setCachePattern.exec(name);
      if (match && gone.includes(match[1]!)) await this.deps.caches.delete(name);
    }
  }
}
