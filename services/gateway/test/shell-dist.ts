import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const INDEX_HTML =
  '<!doctype html><html lang="en"><body><div id="root"></div>test shell</body></html>';
export const HASHED_ASSET = '/main.3f2a9c1b7d.js';
/** Large enough to be worth compressing, like a real bundle. */
export const LARGE_ASSET = '/vendor.0a1b2c3d4e.js';
export const LARGE_ASSET_BODY = 'export const words = [' + '"ẹ̀kọ́ ìwé", '.repeat(2000) + '];';

/** The installable app's files, as the shell's build writes them at its root. */
export const SERVICE_WORKER_BODY = 'self.addEventListener("fetch", () => undefined);';
export const WEB_APP_MANIFEST_BODY = JSON.stringify({ name: 'Test', start_url: '/user/speak' });
export const ICON_PATH = '/icons/icon-192.png';

/**
 * A minimal shell build: index.html, one content-hashed bundle and one unhashed file, the service worker,
 * the web app manifest and an icon.
 */
export async function makeShellDist() {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-shell-'));
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(join(dir, HASHED_ASSET.slice(1)), 'console.log("hashed")');
  await writeFile(join(dir, LARGE_ASSET.slice(1)), LARGE_ASSET_BODY);
  await mkdir(join(dir, 'static'));
  await writeFile(join(dir, 'static', 'mf-manifest.json'), '{"name":"shell"}');
  await writeFile(join(dir, 'sw.js'), SERVICE_WORKER_BODY);
  await writeFile(join(dir, 'manifest.webmanifest'), WEB_APP_MANIFEST_BODY);
  await mkdir(join(dir, 'icons'));
  await writeFile(
    join(dir, ICON_PATH.slice(1)),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
