import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getAuthSession, PAGES, remoteCatalog, ROUTES, type RemotesManifest } from '@platform/contracts';
import { REMOTES_MANIFEST_PATH } from './remotes-route';

/** Written by the shell's build (boot-preload-plugin.js): named chunks' script files, by chunk name. */
export const SHELL_HINTS_FILE = 'preload-hints.json';

/** The paths of the calls the page at `path` makes first (its declaration's `firstCalls`). */
export function firstCallsOf(path: string): string[] {
  const names = PAGES.find((page) => page.path === path)?.firstCalls ?? [];
  return names.flatMap((name) => {
    const route = ROUTES.find((r) => r.name === name);
    // Only a plain GET is asked for as a hint asks: no parameters to fill, nothing changed by asking.
    return route && route.method === 'GET' && !route.path.includes(':') ? [route.path] : [];
  });
}

const preload = (url: string, as: 'fetch' | 'script', crossorigin?: 'anonymous' | 'use-credentials') =>
  `<${url}>; rel=preload; as=${as}${crossorigin ? `; crossorigin=${crossorigin}` : ''}`;

/**
 * The `Link: rel=preload` hints sent with the shell's page. Without them a phone asks for the session, the
 * remotes' addresses and the page's remote only once the shell's own scripts have arrived and run, each
 * step a round trip after the last: on a slow mobile link, seconds before anything can be done. With them
 * those downloads start beside the shell's, as soon as the page's headers arrive.
 *
 * The hints must ask exactly as the page later does, or the browser fetches twice: /remotes.json and the
 * remotes' manifests as plain CORS fetches, the session with credentials, the shell's chunks as classic
 * scripts.
 */
export class PagePreloads {
  constructor(
    private readonly manifest: RemotesManifest,
    private readonly shellDist: string,
  ) {}

  /**
   * The Link header values for the page at `path` shown in `locale`; `signedIn`: the request carries a
   * session cookie (unchecked: a hint costs at most a download the page would not have needed).
   */
  async linksFor(path: string, locale: string, signedIn: boolean): Promise<string[]> {
    const shell = await this.shellScripts();
    const links = [
      preload(REMOTES_MANIFEST_PATH, 'fetch', 'anonymous'),
      preload(getAuthSession.path, 'fetch', 'use-credentials'),
      ...(shell[`shell-catalogue-${locale}-json`] ?? []).map((file) => preload(`/${file}`, 'script')),
    ];
    for (const remote of this.manifest.remotes) {
      const route = remote.routes.find((r) => r.path === path);
      if (!route) continue;
      // As the shell does: a signed-in page's remote only for someone who may see it.
      if (route.layout !== 'public' && route.signedOut !== 'allowed' && !signedIn) break;
      const shellFiles = [
        ...(route.layout !== 'public' ? (shell['signed-in-layouts'] ?? []) : []),
        ...(remoteCatalog.find((r) => r.name === remote.name)?.pluralMessages
          ? (shell['plural-messages'] ?? [])
          : []),
      ];
      links.push(
        ...(signedIn ? firstCallsOf(path) : []).map((call) => preload(call, 'fetch', 'use-credentials')),
        ...shellFiles.map((file) => preload(`/${file}`, 'script')),
        // Its manifest only: a hinted script of a remote that is down stays in the page as a failed
        // download, which the browser would hand to the page's own script when Retry asks again.
        preload(remote.entry, 'fetch', 'anonymous'),
      );
      break;
    }
    return links;
  }

  /** Read at every page, like index.html itself, so a new shell build is hinted at once. */
  private async shellScripts(): Promise<Record<string, string[]>> {
    try {
      const hints: unknown = JSON.parse(await readFile(join(this.shellDist, SHELL_HINTS_FILE), 'utf8'));
      return hints && typeof hints === 'object' ? (hints as Record<string, string[]>) : {};
    } catch {
      return {};
    }
  }
}
