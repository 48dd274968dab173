import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRouteModule, RemotesManifest } from '@platform/contracts';
import { UNAVAILABLE_MARK } from './unavailableFallbackPlugin';

/** How long a remote may take to arrive before its section shows as unavailable. */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remoteName: string,
    reason: string,
  ) {
    super(`Remote ${remoteName} is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

const entries = new Map<string, string>();
const loads = new Map<string, Promise<RemoteRouteModule>>();
const loaded = new Map<string, RemoteRouteModule>();

/** Tells the federation runtime where each remote lives (from /remotes.json). */
export function registerRemoteEntries(manifest: RemotesManifest): void {
  for (const { name, entry } of manifest.remotes) entries.set(name, entry);
  registerRemotes(manifest.remotes.map(({ name, entry }) => ({ name, entry })));
}

function isRouteModule(value: unknown): value is RemoteRouteModule {
  return (
    !!value &&
    typeof value === 'object' &&
    Array.isArray((value as RemoteRouteModule).routes) &&
    (value as RemoteRouteModule).routes.every(
      (route) => typeof route.path === 'string' && typeof route.Component === 'function',
    )
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number, remoteName: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remoteName, `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function fetchRouteModule(name: string, timeoutMs: number): Promise<RemoteRouteModule> {
  let loaded: unknown;
  try {
    loaded = await withTimeout(loadRemote<{ default?: unknown }>(`${name}/routes`), timeoutMs, name);
  } catch (error) {
    if (error instanceof RemoteUnavailableError) throw error;
    throw new RemoteUnavailableError(name, error instanceof Error ? error.message : String(error));
  }
  const routeModule = (loaded as { default?: unknown } | null)?.default ?? loaded;
  const mark =
    routeModule && typeof routeModule === 'object'
      ? (routeModule as Record<string, unknown>)[UNAVAILABLE_MARK]
      : undefined;
  if (mark) throw new RemoteUnavailableError(name, (mark as { reason: string }).reason);
  if (!isRouteModule(routeModule))
    throw new RemoteUnavailableError(name, './routes does not export { routes }');
  return routeModule;
}

/**
 * The remote's './routes' module, loaded once and shared by all its pages. A failed load is forgotten at
 * once, so the next attempt (Retry, or simply the next navigation) starts over instead of replaying it.
 */
export function loadRemoteRoutes(
  name: string,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
): Promise<RemoteRouteModule> {
  const cached = loads.get(name);
  if (cached) return cached;
  const load = fetchRouteModule(name, timeoutMs);
  loads.set(name, load);
  load.then(
    (routeModule) => {
      if (loads.get(name) === load) loaded.set(name, routeModule);
    },
    () => {
      if (loads.get(name) === load) forgetRemote(name);
    },
  );
  return load;
}

/** The remote's routes if they have already arrived, so pages of a loaded remote render without a flash. */
export function peekRemoteRoutes(name: string): RemoteRouteModule | undefined {
  return loaded.get(name);
}

/**
 * Drops everything remembered about a remote so that it is fetched afresh: our cached promise, the
 * federation runtime's manifest, entry and module caches (re-registering with `force`), and the remote's
 * webpack chunk registry, which a redeployed build must not inherit from the old one.
 */
export function forgetRemote(name: string): void {
  loads.delete(name);
  loaded.delete(name);
  const entry = entries.get(name);
  if (!entry) return;
  try {
    delete (globalThis as Record<string, unknown>)[`webpackChunk_${name}`];
  } catch {
    // Not configurable: leave it, the new runtime copes with an existing registry.
  }
  registerRemotes([{ name, entry: freshEntryUrl(entry) }], { force: true });
}

/**
 * The entry URL with a one-off query, so the retry is a new request: a browser holds a second request for
 * a URL still in flight (a slow remote's manifest) until the first one ends, which would defeat the retry.
 * The runtime ignores the query when it works out where the remote's files are.
 */
function freshEntryUrl(entry: string): string {
  const url = new URL(entry, globalThis.location?.href ?? 'http://localhost/');
  url.searchParams.set('__mf_retry', String(Date.now()));
  return url.href;
}

/** For tests: forget every cached load and registration. */
export function resetRemoteLoader(): void {
  loads.clear();
  loaded.clear();
  entries.clear();
}
