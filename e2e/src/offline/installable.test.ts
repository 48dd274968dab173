// The site as an installable app, checked the way Chromium decides to offer "Install": the manifest linked
// from the shell's page (names, icons of 192 and 512 px plus a maskable one that load with those sizes and
// type, start_url /user/speak, display standalone, shortcuts), a service worker that controls the page and
// handles fetches, and Chromium's own verdict (Page.getInstallabilityErrors) when this build has it. The
// profile is an ordinary one on disk: Chromium never offers to install from an incognito profile, which is
// what a new browser context is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/browser';
import { siteUrl } from '../support/platform';
import { createPerson } from '../contribute/people';
import { controlledByWorker, openPage } from './offline-pages';

jest.setTimeout(120_000);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope?: string;
  display: string;
  icons: ManifestIcon[];
  shortcuts: Array<{ name: string; url: string }>;
}

let profileDir: string;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

const chromiumArgs = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../tools/chromium.json'), 'utf8')) as {
    args: string[];
  }
).args;

beforeAll(async () => {
  const person = await createPerson('Ngozi');
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-install-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: chromiumArgs,
    viewport: { width: 412, height: 915 },
    serviceWorkers: 'allow',
  });
  await context.addCookies([{ name: 'plt', value: person.session, url: siteUrl() }]);
  page = await openPage(context, '/user/speak', pageErrors, 'load');
  await controlledByWorker(page);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
});

/** The manifest the shell's page links to, fetched as the browser does. */
async function linkedManifest(): Promise<{ url: string; manifest: Manifest; type: string }> {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const url = new URL(href!, page.url()).href;
  const res = await context.request.get(url);
  expect(res.status()).toBe(200);
  return { url, manifest: (await res.json()) as Manifest, type: res.headers()['content-type'] ?? '' };
}

/** The PNG's own width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable app', () => {
  it('the manifest linked from the shell page has what an install needs', async () => {
    const { manifest, type } = await linkedManifest();
    expect(type).toMatch(/^application\/(manifest\+)?json/);
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(new URL(manifest.start_url, siteUrl()).pathname).toBe('/user/speak');
    expect(manifest.display).toBe('standalone');
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    expect(manifest.shortcuts.map((s) => new URL(s.url, siteUrl()).pathname)).toEqual([
      '/user/speak',
      '/user/listen',
      '/user/write',
    ]);
  });

  it('every icon loads with the size and type the manifest says', async () => {
    const { url, manifest } = await linkedManifest();
    for (const icon of manifest.icons) {
      const res = await context.request.get(new URL(icon.src, url).href);
      expect({ src: icon.src, status: res.status() }).toEqual({ src: icon.src, status: 200 });
      expect(res.headers()['content-type']).toBe(icon.type);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await res.body())).toEqual({ width, height });
    }
  });

  it('a service worker with a fetch handler controls the page, at the site root scope', async () => {
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controlled: navigator.serviceWorker.controller !== null,
        scope: registration?.scope,
        script: registration?.active?.scriptURL,
      };
    });
    expect(worker.controlled).toBe(true);
    expect(worker.scope).toBe(`${siteUrl()}/`);
    expect(new URL(worker.script!).pathname).toBe('/sw.js');
    // Chromium only offers to install a site whose worker handles fetches: the script registers one.
    const script = await (await context.request.get(worker.script!)).text();
    expect(script).toMatch(/addEventListener\(\s*["']fetch["']/);
    // And it answers: the shell's page comes from it with the network gone.
    await context.setOffline(true);
    const other = await context.newPage();
    try {
      const response = await other.goto(`${siteUrl()}/user/listen`, { waitUntil: 'domcontentloaded' });
      expect({ status: response?.status(), fromWorker: response?.fromServiceWorker() }).toEqual({
        status: 200,
        fromWorker: true,
      });
    } finally {
      await other.close();
      await context.setOffline(false);
    }
  });

  it("Chromium's own installability check finds nothing missing", async () => {
    const cdp = await context.newCDPSession(page);
    let errors: Array<{ errorId: string }> | undefined;
    try {
      ({ installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      });
    } catch (error) {
      // Not every headless build answers it; the checks above are the same ones, made by hand.
      console.warn(`Page.getInstallabilityErrors is not available here: ${(error as Error).message}`);
      return;
    }
    expect(errors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
