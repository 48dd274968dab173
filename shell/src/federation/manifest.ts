import type { RemotesManifest } from '@platform/contracts';
import { requestRemotesManifest } from './manifestRequest';
import { isRemotesManifest } from './remotesManifestShape';

// The service worker reads the same shape without the rest of this module (its catalogue fallback).
export { isRemotesManifest } from './remotesManifestShape';

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

export interface LoadedManifest {
  manifest: RemotesManifest;
  source: 'remotes.json' | 'catalogue';
}

/**
 * Reads the answer to `request` for /remotes.json (the first script asks early); on any failure (down, slow,
 * malformed) falls back to the catalogue defaults.
 */
export async function loadRemotesManifest(
  request: Promise<Response> = requestRemotesManifest(),
): Promise<LoadedManifest> {
  try {
    const response = await request;
    if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isRemotesManifest(body)) throw new Error('/remotes.json does not have the RemotesManifest shape');
    return { manifest: body, source: 'remotes.json' };
  } catch (error) {
    console.warn('Using the default remote locations:', error instanceof Error ? error.message : error);
    return { manifest: await catalogueManifest(), source: 'catalogue' };
  }
}
