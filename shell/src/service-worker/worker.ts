import {
  CONTRIBUTIONS_SYNC_TAG,
  LOCALE_COOKIE,
  SERVICE_WORKER_MESSAGES,
  getAuthSession,
  isUiLocale,
  pageInLanguage,
} from '@platform/contracts/client';
import { EarlyFetches } from './early-fetches';
import { bareUrl, contentHashOf, versionKey } from './mf-manifest';
import { NETWORK_TIMEOUT_MS, networkFirst } from './network';
import { RemoteSets, setCacheName, type RemoteSetRecord } from './remote-sets';
import {
  keepRemotesJson,
  listedRemotes,
  remotesJsonKey,
  savedRemotesJson,
  type ListedRemote,
} from './remotes-json';
import { META_CACHE } from './remote-sets';
import { requestKind } from './request-kind';
import type {
  ExtendableEventLike,
  FetchEventLike,
  MessageEventLike,
  ServiceWorkerScopeLike,
  SyncEventLike,
} from './worker-types';

/** How often, at most, every remote's manifest is asked for to refresh the sets kept for offline use. */
export const REMOTES_CHECK_INTERVAL_MS = 15 * 60_000;

/** The shell's own files, as the precache (Workbox) holds them. */
export interface ShellPrecache {
  has(url: string): boolean;
  match(url: string): Promise<Response | undefined>;
  /** The shell's page (index.html), answered to navigations when the network does not answer. */
  readonly pageUrl: string;
}

export interface WorkerOptions {
  scope: ServiceWorkerScopeLike;
  precache: ShellPrecache;
  now?: () => number;
  networkTimeoutMs?: number;
}

interface Owner {
  name: string;
  manifestUrl: string;
  record?: RemoteSetRecord;
}

/** The worker's behaviour, apart from the global scope it is attached to (index.ts), so it can be tested. */
export function createWorker({
  scope,
  precache,
  now = Date.now,
  networkTimeoutMs = NETWORK_TIMEOUT_MS,
}: WorkerOptions) {
  const { caches, origin } = { caches: scope.caches, origin: scope.location.origin };
  const fetchFn = (input: RequestInfo | URL, init?: RequestInit) => scope.fetch(input, init);
  const sets = new RemoteSets({ caches, fetch: fetchFn, origin });
  const early = new EarlyFetches(fetchFn, now);

  /**
   * For a page answered from the device: asks now for the session, /remotes.json and the manifest of the
   * remote that draws the page (as the last /remotes.json read says), which the page asks for next. The
   * session is the longest of them on a slow link (it always crosses the network), so it goes first.
   */
  async function fetchAheadOf(pageUrl: string) {
    early.start(`${origin}${getAuthSession.path}`);
    early.start(remotesJsonKey(origin));
    const saved = await savedRemotesJson(caches, origin);
    const { pathname } = new URL(pageUrl);
    const remote = saved ? listedRemotes(saved, origin)?.find((r) => r.paths.includes(pathname)) : undefined;
    if (remote) early.start(remote.manifestUrl, { mode: 'cors', credentials: 'omit' });
  }

  /** Asks each listed remote for its manifest and keeps the build it names; never fails. */
  async function refreshRemotes(remotes: readonly ListedRemote[]) {
    await sets.markChecked(now());
    for (const { name, manifestUrl } of remotes) {
      try {
        const response = await fetchFn(manifestUrl, { cache: 'no-cache', mode: 'cors', credentials: 'omit' });
        if (response.ok) await sets.keep(name, manifestUrl, await response.text());
      } catch {
        // This remote is away: its kept set stays, and the next check tries again.
      }
    }
    await sets.dropRemotesExcept(remotes.map((remote) => remote.name));
  }

  /** At install: /remotes.json from the network (else the one kept), then every remote it lists. */
  async function install() {
    try {
      let text: string | undefined;
      try {
        const response = await fetchFn(remotesJsonKey(origin), { cache: 'no-cache' });
        if (response.ok) text = await response.text();
      } catch {
        text = undefined;
      }
      text ??= await savedRemotesJson(caches, origin);
      if (text === undefined) return;
      const { remotes } = await keepRemotesJson(caches, origin, text);
      if (remotes) await refreshRemotes(remotes);
    } catch {
      // Installing the worker never fails for a remote: the shell's own files are what it needs.
    }
  }

  async function afterRemotesJson(text: string) {
    const { remotes, changed } = await keepRemotesJson(caches, origin, text);
    if (!remotes) return;
    const checked = await sets.checkedAt();
    if (changed || checked === undefined || now() - checked >= REMOTES_CHECK_INTERVAL_MS) {
      await refreshRemotes(remotes);
    }
    sets.forgetPagesExcept((await scope.clients.matchAll({ includeUncontrolled: true })).map((c) => c.id));
  }

  function remotesJson(event: FetchEventLike) {
    return networkFirst(
      async () => {
        const response = await (early.take(bareUrl(event.request.url)) ?? fetchFn(event.request));
        if (response.ok)
          event.waitUntil(
            response
              .clone()
              .text()
              .then(afterRemotesJson)
              .catch(() => undefined),
          );
        return response;
      },
      () => caches.match(remotesJsonKey(origin), { cacheName: META_CACHE }),
      networkTimeoutMs,
    );
  }

  async function ownerOf(url: string): Promise<Owner | undefined> {
    const kept = await sets.remoteOf(url);
    if (kept) return { name: kept.name, manifestUrl: kept.record.manifestUrl, record: kept.record };
    // A remote /remotes.json lists but whose build is not kept yet: only its manifest is recognised.
    const saved = await savedRemotesJson(caches, origin);
    const listed = saved ? listedRemotes(saved, origin) : null;
    const bare = bareUrl(url);
    return listed?.find((remote) => remote.manifestUrl === bare);
  }

  /** A remote's manifest: the network's (and its build is kept), else the active set's. */
  function remoteManifest(event: FetchEventLike, owner: Owner) {
    const { name, manifestUrl, record } = owner;
    return networkFirst(
      async () => {
        const response = await (early.take(manifestUrl) ?? fetchFn(event.request));
        if (response.ok) {
          const text = await response.clone().text();
          sets.rememberPageVersion(event.clientId, name, await versionKey(text));
          event.waitUntil(sets.keep(name, manifestUrl, text));
        }
        return response;
      },
      async () => {
        if (!record || record.manifestUrl !== manifestUrl) return undefined;
        const kept = await sets.fromSet(name, record.active, manifestUrl);
        if (kept) sets.rememberPageVersion(event.clientId, name, record.active);
        return kept;
      },
      networkTimeoutMs,
    );
  }

  /**
   * A remote's entry: the one of the build this page was given, when kept; else the network's; else the
   * active set's, unless the page was given another build (then nothing: a mixed page is worse than none).
   */
  async function remoteEntry(event: FetchEventLike, name: string, record: RemoteSetRecord) {
    const version = sets.pageVersion(event.clientId, name);
    if (version) {
      const kept = await sets.fromSet(name, version, record.entryUrl);
      if (kept) return kept;
    }
    return networkFirst(
      () => fetchFn(event.request),
      async () =>
        version && version !== record.active ? undefined : sets.fromSet(name, record.active, record.entryUrl),
      networkTimeoutMs,
    );
  }

  /** A content-hashed file of a remote: from any set that has it, else fetched and added to the page's set. */
  async function hashedRemoteFile(event: FetchEventLike, name: string, record: RemoteSetRecord) {
    const url = bareUrl(event.request.url);
    const kept = await caches.match(url);
    if (kept) return kept;
    let response: Response;
    try {
      // CORS, so the copy kept is readable (an opaque one would count megabytes against the site's quota).
      response = await fetchFn(url, { mode: 'cors', credentials: 'omit' });
    } catch {
      return fetchFn(event.request);
    }
    const setName = setCacheName(name, sets.pageVersion(event.clientId, name) ?? record.active);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(
        caches.has(setName).then(async (exists) => {
          if (exists) await (await caches.open(setName)).put(url, copy);
        }),
      );
    }
    return response;
  }

  async function remoteFile(event: FetchEventLike): Promise<Response> {
    const owner = await ownerOf(event.request.url);
    const url = bareUrl(event.request.url);
    if (owner && url === owner.manifestUrl) return remoteManifest(event, owner);
    if (owner?.record && url === owner.record.entryUrl) return remoteEntry(event, owner.name, owner.record);
    if (owner?.record && contentHashOf(url)) return hashedRemoteFile(event, owner.name, owner.record);
    return fetchFn(event.request);
  }

  /**
   * The shell's page from the device, in the visitor's language (as the gateway writes it): a page needs
   * nothing else from the server, and on a slow link its round trip is the longest wait of a repeat visit.
   * It is this worker's version, as are the scripts it names; a new shell comes with a new worker. Only where
   * the worker can read the language cookie; elsewhere the network is asked first, as before.
   */
  async function keptPage(): Promise<Response | undefined> {
    if (!scope.cookieStore) return undefined;
    const [saved, cookie] = await Promise.all([
      precache.match(precache.pageUrl),
      scope.cookieStore.get(LOCALE_COOKIE).catch(() => null),
    ]);
    if (!saved) return undefined;
    const locale = cookie && isUiLocale(cookie.value) ? cookie.value : undefined;
    return new Response(pageInLanguage(await saved.text(), locale), {
      status: saved.status,
      headers: saved.headers,
    });
  }

  /**
   * A call the worker otherwise leaves alone, unless it is one asked for ahead of this page: then it gets
   * that answer. Any write (a sign-in, a sign-out) may change what those answers would say, so it drops
   * every one still waiting.
   */
  function passOrHandOver(event: FetchEventLike) {
    const { request } = event;
    if (request.method !== 'GET') {
      early.dropAll();
      return;
    }
    const ahead = early.take(request.url);
    if (ahead) event.respondWith(ahead);
  }

  function onFetch(event: FetchEventLike) {
    const { request } = event;
    switch (requestKind(request, origin, (url) => precache.has(url))) {
      case 'pass':
        passOrHandOver(event);
        return;
      case 'precache':
        event.respondWith(precache.match(request.url).then((kept) => kept ?? fetchFn(request)));
        return;
      case 'navigation':
        event.respondWith(
          keptPage().then((page) => {
            if (page) event.waitUntil(fetchAheadOf(request.url).catch(() => undefined));
            return (
              page ??
              networkFirst(
                () => fetchFn(request),
                () => precache.match(precache.pageUrl),
                networkTimeoutMs,
              )
            );
          }),
        );
        return;
      case 'remotes':
        event.respondWith(remotesJson(event));
        return;
      case 'remote':
        event.respondWith(remoteFile(event));
        return;
    }
  }

  /** The browser's Background Sync: tell the open pages to send their queue now. */
  function onSync(event: SyncEventLike) {
    if (event.tag !== CONTRIBUTIONS_SYNC_TAG) return;
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
        for (const page of pages) page.postMessage({ type: SERVICE_WORKER_MESSAGES.contributionsSync });
      }),
    );
  }

  function onMessage(event: MessageEventLike) {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type === SERVICE_WORKER_MESSAGES.skipWaiting) event.waitUntil(scope.skipWaiting());
  }

  function onInstall(event: ExtendableEventLike) {
    event.waitUntil(install());
  }

  return { onFetch, onSync, onMessage, onInstall, sets, refreshRemotes };
}
