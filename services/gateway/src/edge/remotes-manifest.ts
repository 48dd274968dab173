import { remoteCatalog, type RemotesManifest } from '@platform/contracts';

/**
 * /remotes.json: the catalogue's remotes with their default local entries, each overridable by
 * REMOTE_<KEY>_URL (e.g. REMOTE_AUTH_URL=https://cdn.example.org/auth/mf-manifest.json).
 */
export function buildRemotesManifest(env: NodeJS.ProcessEnv = process.env): RemotesManifest {
  return {
    remotes: remoteCatalog.map((remote) => {
      const override = env[`REMOTE_${remote.key.toUpperCase()}_URL`]?.trim();
      return { name: remote.name, entry: override || remote.defaultEntry, routes: remote.routes };
    }),
  };
}

/** The origins the page must be allowed to load remotes from (same-origin entries need no exception). */
export function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = new Set<string>();
  for (const remote of manifest.remotes) {
    try {
      const url = new URL(remote.entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // A relative entry ("/remotes/auth/mf-manifest.json") is served from the gateway's own origin.
    }
  }
  return [...origins];
}

/** Every page path some remote serves, for telling page navigations under /auth from auth API calls. */
export function pagePaths(manifest: RemotesManifest): Set<string> {
  return new Set(manifest.remotes.flatMap((r) => r.routes.map((route) => route.path)));
}
