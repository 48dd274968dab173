import type { LayoutKind, RemotesManifest } from '@platform/contracts';

const layouts: readonly LayoutKind[] = ['public', 'contributor', 'app'];

/**
 * The manifest the shell uses when /remotes.json cannot be read: every remote at its default URL. The
 * contracts library (API schemas and all) is only fetched on this path, keeping it off the first load.
 */
export async function catalogueManifest(): Promise<RemotesManifest> {
  const { remoteCatalog } = await import('@platform/contracts');
  return {
    remotes: remoteCatalog.map(({ name, defaultEntry, routes }) => ({
      name,
      entry: defaultEntry,
      routes: routes.map((route) => ({ ...route })),
    })),
  };
}

/** A structural check: an operator edits /remotes.json by hand, and a typo must not blank the site. */
export function isRemotesManifest(value: unknown): value is RemotesManifest {
  if (!value || typeof value !== 'object' || !Array.isArray((value as RemotesManifest).remotes)) return false;
  return (value as RemotesManifest).remotes.every(
    (remote) =>
      remote &&
      typeof remote.name === 'string' &&
      /^[A-Za-z_$][\w$]*$/.test(remote.name) &&
      typeof remote.entry === 'string' &&
      Array.isArray(remote.routes) &&
      remote.routes.every(
        (route) =>
          route &&
          typeof route.path === 'string' &&
          route.path.startsWith('/') &&
          layouts.includes(route.layout) &&
          (route.signedOut === undefined || route.signedOut === 'allowed'),
      ),
  );
}

export interface LoadedManifest {
  manifest: RemotesManifest;
  source: 'remotes.json' | 'catalogue';
}

/** Reads /remotes.json; on any failure (down, slow, malformed) falls back to the catalogue defaults. */
export async function loadRemotesManifest(
  fetchFn: typeof fetch = (...args) => fetch(...args),
  timeoutMs = 5000,
): Promise<LoadedManifest> {
  try {
    const response = await fetchFn('/remotes.json', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isRemotesManifest(body)) throw new Error('/remotes.json does not have the RemotesManifest shape');
    return { manifest: body, source: 'remotes.json' };
  } catch (error) {
    console.warn('Using the default remote locations:', error instanceof Error ? error.message : error);
    return { manifest: await catalogueManifest(), source: 'catalogue' };
  }
}
