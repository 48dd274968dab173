// The service worker's surroundings for its tests: a network whose files and failures a test sets, remote
// builds as webpack and the federation plugin lay them out, and fetch events as the browser sends them.
import { FakeCacheStorage } from './fake-caches';
import type {
  FetchEventLike,
  ServiceWorkerScopeLike,
  WindowClientLike,
} from '../src/service-worker/worker-types';
import type { ShellPrecache } from '../src/service-worker/worker';

export const SITE = 'http://localhost:3000';

type Answer = string | (() => Response | Promise<Response>);

/** A network of files by URL (query ignored); `offline` makes every request fail as a browser's does. */
export class FakeNetwork {
  readonly files = new Map<string, Answer>();
  readonly requests: string[] = [];
  offline = false;
  /** URLs that fail (as a dropped connection) even while online. */
  readonly failing = new Set<string>();

  serve(files: Record<string, Answer>) {
    for (const [url, answer] of Object.entries(files)) this.files.set(url, answer);
  }

  fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    this.requests.push(url);
    const bare = url.replace(/[?#].*$/, '');
    if (this.offline || this.failing.has(bare)) throw new TypeError('Failed to fetch');
    const answer = this.files.get(bare);
    if (answer === undefined) return new Response('not found', { status: 404 });
    if (typeof answer === 'string') {
      const type = bare.endsWith('.json') ? 'application/json' : 'text/javascript';
      return new Response(answer, { headers: { 'content-type': type } });
    }
    return answer();
  };

  /** The requests made since the last call. */
  takeRequests() {
    return this.requests.splice(0);
  }
}

/**
 * One build of a remote: its mf-manifest.json (exposes with sync and async chunks, and a file outside any
 * chunk), its remoteEntry.js naming its chunks' hashes, and the chunks. `hashes` name the build's chunks.
 */
export function remoteBuild(
  origin: string,
  { routes, lazy, worklet = '0123456789abcdef0123' }: { routes: string; lazy: string; worklet?: string },
) {
  const manifest = JSON.stringify({
    id: 'remote',
    name: 'remote',
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: 'remote:routes',
        name: 'routes',
        path: './routes',
        assets: {
          js: { sync: [`__federation_expose_routes.${routes}.js`], async: [`12.${lazy}.js`] },
          css: { sync: [], async: [] },
        },
      },
    ],
    offlineAssets: [`${worklet}.js`],
  });
  const files: Record<string, string> = {
    [`${origin}/mf-manifest.json`]: manifest,
    [`${origin}/remoteEntry.js`]: `var chunks = {806:"${routes}",12:"${lazy}"};`,
    [`${origin}/__federation_expose_routes.${routes}.js`]: `routes ${routes}`,
    [`${origin}/12.${lazy}.js`]: `lazy ${lazy}`,
    [`${origin}/${worklet}.js`]: 'worklet',
  };
  return { manifest, files, manifestUrl: `${origin}/mf-manifest.json` };
}

export const ALPHA = 'http://localhost:3101';
export const BETA = 'http://localhost:3102';

export const remotesJson = (entries: Record<string, string>) =>
  JSON.stringify({
    remotes: Object.entries(entries).map(([name, entry]) => ({
      name,
      entry,
      routes: [{ path: `/${name}`, layout: 'app' }],
    })),
  });

export class FakeClients {
  readonly pages: Array<WindowClientLike & { messages: unknown[] }> = [];

  open(id: string) {
    const messages: unknown[] = [];
    this.pages.push({ id, messages, postMessage: (message) => messages.push(message) });
  }

  matchAll = async () => this.pages;
}

/** The worker's global scope around a fake network, caches and pages; the shell's precache holds its page. */
export function fakeScope() {
  const network = new FakeNetwork();
  const caches = new FakeCacheStorage();
  const clients = new FakeClients();
  const skipWaiting = jest.fn(async () => undefined);
  const scope: ServiceWorkerScopeLike = {
    location: { origin: SITE },
    caches: caches.asCacheStorage(),
    clients,
    fetch: network.fetch,
    skipWaiting,
    addEventListener: () => undefined,
  };
  const shellFiles = new Map<string, string>([
    [`${SITE}/index.html`, '<!doctype html><title>shell</title>'],
    [`${SITE}/main.0123abcd.js`, 'main'],
  ]);
  const precache: ShellPrecache = {
    has: (url) => shellFiles.has(url),
    match: async (url) => {
      const body = shellFiles.get(url);
      return body === undefined
        ? undefined
        : new Response(body, { headers: { 'content-type': 'text/html' } });
    },
    pageUrl: `${SITE}/index.html`,
  };
  return { scope, network, caches, clients, skipWaiting, precache };
}

/** A fetch event as the browser sends one; `settled()` waits for the answer and every waitUntil. */
export function fetchEvent(url: string, { mode = 'cors', method = 'GET', clientId = 'page-1' } = {}) {
  let answer: Promise<Response> | undefined;
  const extended: Array<Promise<unknown>> = [];
  const event: FetchEventLike = {
    // A navigation's Request cannot be made outside a browser; the worker reads these three fields.
    request: { url, method, mode } as unknown as Request,
    clientId,
    respondWith: (response) => {
      answer = Promise.resolve(response);
    },
    waitUntil: (promise) => {
      extended.push(promise);
    },
  };
  return {
    event,
    answered: () => answer !== undefined,
    /** The answer once it and the work it started are done. */
    async settled(): Promise<Response> {
      if (!answer) throw new Error(`the worker did not answer ${url}`);
      const response = await answer;
      // Work started later by earlier work (a set kept after a manifest) is awaited too.
      for (let i = 0; i < extended.length; i += 1) await extended[i];
      return response;
    },
  };
}

export function extendableEvent() {
  const extended: Array<Promise<unknown>> = [];
  return {
    event: { waitUntil: (promise: Promise<unknown>) => void extended.push(promise) },
    done: () => Promise.all(extended),
  };
}
