import type { LayoutKind, RemotesManifest } from '@platform/contracts';

/** Where the gateway serves the remotes' locations; the page and the service worker both read it. */
export const REMOTES_MANIFEST_PATH = '/remotes.json';

const layouts: readonly LayoutKind[] = ['public', 'contributor', 'app'];

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
