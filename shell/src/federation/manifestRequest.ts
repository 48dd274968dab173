import { REMOTES_MANIFEST_PATH } from './remotesManifestShape';

/**
 * Asks for /remotes.json. The first script starts this before the rest of the shell has arrived, so the
 * remotes' locations come back beside that download instead of after it: a round trip less before a
 * section appears, which on a slow mobile link is most of a second.
 */
export function requestRemotesManifest(
  fetchFn: typeof fetch = (...args) => fetch(...args),
  timeoutMs = 5000,
): Promise<Response> {
  // Asked as the gateway's preload hint asks (no headers, default cache mode: the answer says no-cache),
  // so the browser hands over the hinted download instead of starting another.
  return fetchFn(REMOTES_MANIFEST_PATH, { signal: AbortSignal.timeout(timeoutMs) });
}
