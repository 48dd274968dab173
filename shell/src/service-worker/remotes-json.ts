import { isRemotesManifest, REMOTES_MANIFEST_PATH } from '../federation/remotesManifestShape';
import { bareUrl } from './mf-manifest';
import { META_CACHE } from './remote-sets';

export interface ListedRemote {
  name: string;
  /** The manifest's URL as /remotes.json gives it, resolved against the site (no query). */
  manifestUrl: string;
  /** The pages it draws. */
  paths: string[];
}

/** The key the last /remotes.json read is kept under: its own URL on the site. */
export const remotesJsonKey = (origin: string) => `${origin}${REMOTES_MANIFEST_PATH}`;

/** The remotes a /remotes.json text lists, or null when it is not a remotes manifest. */
export function listedRemotes(text: string, origin: string): ListedRemote[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRemotesManifest(value)) return null;
  return value.remotes.map(({ name, entry, routes }) => ({
    name,
    manifestUrl: bareUrl(new URL(entry, origin).href),
    paths: routes.map((route) => route.path),
  }));
}

/** The last /remotes.json kept, as text. */
export async function savedRemotesJson(caches: CacheStorage, origin: string): Promise<string | undefined> {
  const saved = await caches.match(remotesJsonKey(origin), { cacheName: META_CACHE });
  return saved?.text();
}

/**
 * Keeps a /remotes.json just read, if it is one, for answering when the network does not; says whether it
 * differs from the one kept before (the remotes moved, or the first one read).
 */
export async function keepRemotesJson(caches: CacheStorage, origin: string, text: string) {
  const remotes = listedRemotes(text, origin);
  if (!remotes) return { remotes: null, changed: false };
  const before = await savedRemotesJson(caches, origin);
  if (before !== text) {
    const meta = await caches.open(META_CACHE);
    await meta.put(
      remotesJsonKey(origin),
      new Response(text, { headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
  }
  return { remotes, changed: before !== text };
}
