import type { RemotesManifest } from '@platform/contracts';
import { matchPath } from '@platform/router';
import { loadRemoteRoutes } from './remoteLoader';

/**
 * Starts loading the remote that draws `pathname` while the shell is still reading the session, so its code
 * arrives beside the session's answer rather than after it (on a slow link, a second or more). Only for a
 * page that will be shown: one open to visitors, or any page when someone was signed in on this device. A
 * failed load is forgotten by the loader, and the page's own load starts over.
 */
export function prefetchRemoteOf(
  manifest: RemotesManifest,
  pathname: string,
  someoneSignedInHere: boolean,
): void {
  for (const remote of manifest.remotes) {
    const route = remote.routes.find((r) => matchPath(r.path, pathname));
    if (!route) continue;
    if (route.layout === 'public' || route.signedOut === 'allowed' || someoneSignedInHere)
      loadRemoteRoutes(remote.name).catch(() => undefined);
    return;
  }
}
