// What a remote's mf-manifest.json says the page will fetch of it, read the way the federation runtime reads
// it (@module-federation/sdk: generateSnapshotFromManifest), so the worker keeps exactly those files.

interface AssetLists {
  sync: string[];
  async: string[];
}

export interface MfManifest {
  metaData: {
    publicPath?: string;
    remoteEntry: { name: string; path: string };
  };
  exposes: Array<{ assets: { js: AssetLists; css: AssetLists } }>;
  /**
   * Files the build emits outside any chunk (an audio worklet, an image), which the chunk lists do not name;
   * written by @platform/federation's offline-assets plugin.
   */
  offlineAssets?: string[];
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isAssetLists = (value: unknown): value is AssetLists =>
  !!value && isStringList((value as AssetLists).sync) && isStringList((value as AssetLists).async);

/** The manifest, or null when the text is not one: a remote's host may answer an error page instead. */
export function parseMfManifest(text: string): MfManifest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const manifest = value as MfManifest;
  const entry = manifest?.metaData?.remoteEntry;
  const valid =
    !!entry &&
    typeof entry.name === 'string' &&
    typeof entry.path === 'string' &&
    Array.isArray(manifest.exposes) &&
    manifest.exposes.every(
      (expose) => isAssetLists(expose?.assets?.js) && isAssetLists(expose?.assets?.css),
    ) &&
    (manifest.offlineAssets === undefined || isStringList(manifest.offlineAssets));
  return valid ? manifest : null;
}

/** A URL without its query and fragment: the runtime adds a one-off query when it retries a remote. */
export function bareUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The SDK's simpleJoinRemoteEntry: the entry's folder (".", "./x", "/x/" or "x") joined to its name. */
function joinEntryPath(path: string, name: string): string {
  const folder = path === '.' ? '' : path.replace(/^\.\//, '').replace(/^\/|\/$/g, '');
  return folder ? `${folder}/${name}` : name;
}

export interface RemoteFiles {
  /** The folder every file of the remote is fetched from (its chunks are found from the entry's URL). */
  base: string;
  entryUrl: string;
  /** The exposed modules' chunks and styles, and the files outside any chunk, each once. */
  assetUrls: string[];
}

/** The exposed modules' chunks and styles, by file name, each once. */
function exposedFileNames(manifest: MfManifest): Set<string> {
  const names = new Set<string>();
  for (const expose of manifest.exposes) {
    for (const lists of [expose.assets.js, expose.assets.css]) {
      for (const name of [...lists.sync, ...lists.async]) names.add(name);
    }
  }
  return names;
}

/** The URLs a page fetches to run the remote's exposed modules, for a manifest read from `manifestUrl`. */
export function remoteFiles(manifestUrl: string, manifest: MfManifest): RemoteFiles {
  const publicPath = manifest.metaData.publicPath;
  // 'auto' (or nothing): the manifest's own folder, as the runtime infers it.
  const root =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : bareUrl(manifestUrl);
  const { path, name } = manifest.metaData.remoteEntry;
  const entryUrl = new URL(joinEntryPath(path, name), root).href;
  const base = new URL('./', entryUrl).href;
  const names = exposedFileNames(manifest);
  for (const file of manifest.offlineAssets ?? []) names.add(file);
  return { base, entryUrl, assetUrls: [...names].map((file) => new URL(file, base).href) };
}

/** The content hash webpack put in a file's name (`587.e29290bf.js`, `06d3c51765d43a424247.js`), if any. */
export function contentHashOf(fileOrUrl: string): string | undefined {
  const file = fileOrUrl.split(/[?#]/)[0]!.split('/').pop() ?? '';
  return /(?:^|[.-])([0-9a-f]{8,})\.[a-z0-9]+$/i.exec(file)?.[1];
}

/**
 * Whether a remote entry belongs to the same build as the manifest: the entry's chunk map names the content
 * hash of every chunk the manifest lists. A redeploy landing between the two downloads gives an entry of
 * another build, which must not be kept beside this manifest's chunks.
 */
export function entryMatchesManifest(entryText: string, manifest: MfManifest): boolean {
  return [...exposedFileNames(manifest)]
    .filter((file) => file.endsWith('.js'))
    .map(contentHashOf)
    .every((hash) => hash === undefined || entryText.includes(hash));
}

/** A short name for one build of a remote: the SHA-256 of its manifest, which lists every chunk by its hash. */
export async function versionKey(manifestText: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(manifestText));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
}
