import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getAuthSession, PAGES, remoteCatalog, ROUTES, type RemotesManifest } from '@platform/contracts';
import { REMOTES_MANIFEST_PATH } from './remotes-route';

/** Written by the shell's build (boot-preload-plugin.js): named chunks' script files, by chunk name. */
export const SHELL_HINTS_FILE = 'preload-hints.json';

/** How long a remote's scripts, read from its mf-manifest.json, are taken as current. */
const REMOTE_SCRIPTS_TTL_MS = 60_000;
const MANIFEST_TIMEOUT_MS = 2_000;

interface KnownScripts {
  scripts: string[];
  readAt: number;
}

/** The parts of a remote's mf-manifest.json read here; anything else in it is ignored. */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: { js?: { sync?: unknown } } }[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The scripts a remote's page needs before it can draw: its entry and the scripts of the routes module the
 * shell loads from it, as URLs beside the manifest (our remotes are built with `publicPath: 'auto'`).
 */
export function remoteScripts(manifestUrl: string, manifest: FederationManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const files: string[] = [];
  if (typeof entry?.name === 'string') {
    const dir = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/+$/, '')}/` : '';
    files.push(`${dir}${entry.name}`);
  }
  const routes = manifest.exposes?.find((expose) => expose.path === './routes');
  files.push(...strings(routes?.assets?.js?.sync));
  return files.map((file) => new URL(file, manifestUrl).href);
}

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
 * remotes' manifests as plain CORS fetches, the session with credentials, the remote's scripts as classic
 * scripts. A remote's scripts come from its mf-manifest.json, read by the gateway and kept for a minute,
 * so a redeployed remote is hinted within a minute; until its manifest has been read once (or when it
 * cannot be), only the manifest itself is hinted, and the page never waits for it.
 */
export class PagePreloads {
  private readonly known = new Map<string, KnownScripts>();
  private readonly reading = new Set<string>();

  constructor(
    private readonly manifest: RemotesManifest,
    private readonly shellDist: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly now: () => number = Date.now,
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
        preload(remote.entry, 'fetch', 'anonymous'),
        ...this.scriptsOf(remote.entry).map((script) => preload(script, 'script')),
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

  private scriptsOf(manifestUrl: string): string[] {
    const known = this.known.get(manifestUrl);
    if (!known || this.now() - known.readAt > REMOTE_SCRIPTS_TTL_MS) void this.read(manifestUrl);
    return known?.scripts ?? [];
  }

  private async read(manifestUrl: string): Promise<void> {
    // A manifest given as a path is on this origin; the gateway cannot tell which address reaches it.
    if (!/^https?:\/\//i.test(manifestUrl) || this.reading.has(manifestUrl)) return;
    this.reading.add(manifestUrl);
    let scripts: string[] = [];
    try {
      const response = await this.fetchFn(manifestUrl, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
      if (response.ok) scripts = remoteScripts(manifestUrl, (await response.json()) as FederationManifest);
    } catch {
      // A remote that is down, slow or out of the gateway's reach is simply not hinted (asked again in a
      // minute, not at every page); its page shows its own error when it loads.
    } finally {
      this.known.set(manifestUrl, { scripts, readAt: this.now() });
      this.reading.delete(manifestUrl);
    }
  }
}
