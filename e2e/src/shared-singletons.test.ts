// One React, one router, one store, one theme in the page, however many remotes it has loaded; and no
// remote's build carrying a private copy of a library the page must hold only once.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { remoteCatalog } from '@platform/contracts';
import { launchChromium, newVisitor } from './support/browser';
import { isOwnFallback, placementsOf } from './support/federation-build';
import { siteUrl } from './support/platform';
import { SIGNED_IN_REDIRECTS, navigateInApp, remoteHeading } from './support/shell-page';

// The browser's React API is Preact's (libs/federation/shared-config.js): the 'react' share holds it, and
// react-dom's imports take that same share.
const SINGLETONS = [
  'react',
  'styled-components',
  '@platform/router',
  '@platform/ui/toast-context',
  '@platform/store',
] as const;

// Packages whose code must only be in the fallback chunks of their own share, or of the platform library
// that carries them (react-router in @platform/router; Redux in @platform/store). @platform/ui's components
// are not shared (a build keeps the ones it uses); its shared toast context is checked in the registry.
const SINGLE_PACKAGES = SINGLETONS.filter((pkg) => !pkg.startsWith('@platform/ui/'));
const SINGLETON_CODE = [
  ...SINGLE_PACKAGES,
  'react-dom',
  'preact',
  'react-router',
  'react-redux',
  '@reduxjs/toolkit',
  'redux',
];

const repoRoot = path.resolve(__dirname, '../..');
const distOf = (remoteName: string) => path.join(repoRoot, remoteName.replace(/_/g, '-'), 'dist');

interface ShareEntry {
  pkg: string;
  version: string;
  from: string;
  loaded: boolean;
}

/** Every entry of the federation runtime's global share registry: __SHARE__[instance][scope][pkg][version]. */
function readShareRegistry(page: Page): Promise<ShareEntry[]> {
  return page.evaluate(() => {
    const share =
      (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, unknown> } }).__FEDERATION__
        ?.__SHARE__ ?? {};
    const out: ShareEntry[] = [];
    for (const scopes of Object.values(share) as Array<
      Record<string, Record<string, Record<string, Record<string, unknown>>>>
    >) {
      for (const packages of Object.values(scopes ?? {})) {
        for (const [pkg, versions] of Object.entries(packages ?? {})) {
          for (const [version, entry] of Object.entries(versions ?? {})) {
            out.push({
              pkg,
              version,
              from: String(entry.from ?? ''),
              loaded: Boolean(entry.loaded) || typeof entry.lib === 'function',
            });
          }
        }
      }
    }
    return out;
  });
}

describe('shared singletons in the page', () => {
  let browser: Browser;
  let page: Page;
  let registry: ShareEntry[];

  beforeAll(async () => {
    browser = await launchChromium();
    page = await (await newVisitor(browser, { signedIn: true })).newPage();
    // Load a page of every remote into one document (as the signed-in member, who may see them all).
    const visit = remoteCatalog.map((remote) => ({
      remote: remote.name,
      path: remote.routes.find((r) => !SIGNED_IN_REDIRECTS.includes(r.path))!.path,
    }));
    const [first, ...rest] = visit;
    await page.goto(`${siteUrl()}${first!.path}`, { waitUntil: 'domcontentloaded' });
    await remoteHeading(page, first!.remote);
    for (const { remote, path: to } of rest) {
      await navigateInApp(page, to);
      await remoteHeading(page, remote);
    }
    registry = await readShareRegistry(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(SINGLETONS)('the share registry holds exactly one loaded %s', (pkg) => {
    // Every federation instance lists the shares it knows; one copy in the page means one version, from
    // one container, however many instances list it.
    const loaded = new Set(
      registry.filter((e) => e.pkg === pkg && e.loaded).map((e) => `${e.version} from ${e.from}`),
    );
    expect([...loaded]).toHaveLength(1);
  });

  it("the page's copy of each singleton is the shell's, which every remote reused", () => {
    const providers = Object.fromEntries(
      SINGLETONS.map((pkg) => [
        pkg,
        [...new Set(registry.filter((e) => e.pkg === pkg && e.loaded).map((e) => e.from))],
      ]),
    );
    expect(providers).toEqual(Object.fromEntries(SINGLETONS.map((pkg) => [pkg, ['shell']])));
  });

  it('one styled-components instance styles the page (each instance mounts its own style sheet)', async () => {
    const sheets = await page.locator('style[data-styled]').count();
    expect(sheets).toBe(1);
  });
});

describe('remote builds', () => {
  it.each(remoteCatalog.map((r) => r.name))(
    '%s ships shared singletons only as fallbacks of their own share',
    (name) => {
      const dist = distOf(name);
      expect(fs.existsSync(path.join(dist, 'remoteEntry.js'))).toBe(true);
      const placements = placementsOf(dist, SINGLETON_CODE);
      // The build does carry fallbacks (for running standalone), so the check has something to look at.
      expect(placements.some((p) => p.pkg === 'preact')).toBe(true);
      const privateCopies = placements.filter((p) => !isOwnFallback(p));
      expect(privateCopies).toEqual([]);
    },
  );
});
