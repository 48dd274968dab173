// A remote redeployed while a page is open offline, end to end in Chromium with the site's service worker:
// the page keeps working on the build it was given; once back online, the next visit uses the new build
// throughout (its manifest, its entry and its chunks), with no rebuild of the shell.
//
// A real rebuild of mf_contribute takes minutes on this machine, so the redeploy is made from its current
// build: a copy of dist/ in which the chunk holding Speak's English words says something new under a new
// content hash, with the remote entry and mf-manifest.json naming it, as a new build would. That copy is then
// served on the remote's own origin by the same static server (tools/static-server.mjs) in place of the
// suite's one, which is started again afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { remoteEntries, startProcess, stopProcess } from '../support/platform';
import { createPerson } from '../contribute/people';
import {
  OFFLINE_WORDS,
  REMOTE,
  contextFor,
  controlledByWorker,
  openPage,
  remoteHeadingShown,
} from './offline-pages';

jest.setTimeout(180_000);

const repoRoot = path.resolve(__dirname, '../../..');
const DIST = path.join(repoRoot, 'mf-contribute/dist');
/** Words of Speak's page, from the remote's English catalogue, and what the redeployed build says instead. */
const OLD_WORDS = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'mf-contribute/src/i18n/en.json'), 'utf8')) as {
    speak: { instructionAfter: string };
  }
).speak.instructionAfter;
// Neither holds the other: a page showing one must not be found showing the other.
const NEW_WORDS = 'words only the redeployed build has';

let browser: Browser;
let context: BrowserContext;
let redeployDir: string | undefined;
let redeployed: ChildProcess | undefined;
const pageErrors: string[] = [];

interface Redeploy {
  dir: string;
  oldChunk: string;
  newChunk: string;
}

/** A copy of the remote's build in which one chunk changed, named and referenced as a new build would. */
function makeRedeploy(): Redeploy {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-redeploy-'));
  fs.cpSync(DIST, dir, { recursive: true });
  const oldChunk = fs
    .readdirSync(dir)
    .find(
      (f) =>
        /^\w+\.[0-9a-f]{8}\.js$/.test(f) && fs.readFileSync(path.join(dir, f), 'utf8').includes(OLD_WORDS),
    );
  if (!oldChunk) throw new Error(`no chunk of ${DIST} holds "${OLD_WORDS}"`);
  const [id, oldHash] = oldChunk.split('.') as [string, string];
  const newHash = (parseInt(oldHash, 16) ^ 0xffffffff).toString(16).padStart(8, '0');
  const newChunk = `${id}.${newHash}.js`;
  const code = fs.readFileSync(path.join(dir, oldChunk), 'utf8').split(OLD_WORDS).join(NEW_WORDS);
  fs.rmSync(path.join(dir, oldChunk));
  fs.rmSync(path.join(dir, `${oldChunk}.map`), { force: true });
  fs.writeFileSync(path.join(dir, newChunk), code);
  // The runtime's chunk-to-hash map (remoteEntry.js, `553:"4a91ac41"`) and the manifests' asset lists.
  for (const file of fs.readdirSync(dir).filter((f) => /\.(js|json)$/.test(f) && f !== newChunk)) {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, 'utf8');
    if (text.includes(oldHash)) fs.writeFileSync(full, text.split(oldHash).join(newHash));
  }
  return { dir, oldChunk, newChunk };
}

/** Serves `dir` on the remote's port with the suite's static server, once it answers. */
async function serveOnRemoteOrigin(dir: string): Promise<ChildProcess> {
  const manifestUrl = new URL(remoteEntries()[REMOTE]!);
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'tools/static-server.mjs'),
      '--dir',
      dir,
      '--port',
      manifestUrl.port,
      '--host',
      manifestUrl.hostname,
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetch(manifestUrl).catch(() => undefined);
    if (res?.ok && (await res.text()).length > 0) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`the redeployed build did not come up on ${manifestUrl.origin}`);
}

beforeAll(async () => {
  browser = await launchChromium();
  context = await contextFor(browser, await createPerson('Maryam'));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  if (redeployed) {
    redeployed.kill();
    await new Promise((r) => redeployed!.once('exit', r).once('error', r));
    await startProcess(REMOTE);
  }
  if (redeployDir) fs.rmSync(redeployDir, { recursive: true, force: true });
});

/** The remote's files a page asked for (answered by the worker or the network). */
function remoteRequests(page: Page): string[] {
  const origin = new URL(remoteEntries()[REMOTE]!).origin;
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(origin)) seen.push(new URL(request.url()).pathname.slice(1));
  });
  return seen;
}

describe('a remote redeployed while a page is open offline', () => {
  it('the next online visit uses the new build throughout', async () => {
    const page = await openPage(context, '/user/speak', pageErrors);
    await controlledByWorker(page);
    await page.getByText(OLD_WORDS).first().waitFor({ timeout: 20_000 });

    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await remoteHeadingShown(page);
    await page.getByText(OFFLINE_WORDS).waitFor({ timeout: 15_000 });
    await page.getByText(OLD_WORDS).first().waitFor({ timeout: 20_000 });

    // The operator deploys a new build of the remote while the page is open offline.
    const redeploy = makeRedeploy();
    redeployDir = redeploy.dir;
    await stopProcess(REMOTE);
    redeployed = await serveOnRemoteOrigin(redeploy.dir);
    // Still offline, the open page goes on with the build it has.
    expect(await page.getByText(OLD_WORDS).count()).toBeGreaterThan(0);

    await context.setOffline(false);
    const next = await context.newPage();
    next.on('pageerror', (error) => pageErrors.push(error.message));
    const asked = remoteRequests(next);
    await next.goto(page.url(), { waitUntil: 'domcontentloaded' });
    await remoteHeadingShown(next);
    await next.getByText(NEW_WORDS).first().waitFor({ timeout: 20_000 });
    expect(await next.getByText(OLD_WORDS).count()).toBe(0);
    expect(asked).toContain(redeploy.newChunk);
    expect(asked).not.toContain(redeploy.oldChunk);

    // And a reload of that page stays on the new build (from the worker's set of it, or the network).
    const again = remoteRequests(next);
    await next.reload({ waitUntil: 'domcontentloaded' });
    await next.getByText(NEW_WORDS).first().waitFor({ timeout: 20_000 });
    expect(again).not.toContain(redeploy.oldChunk);
    expect(pageErrors).toEqual([]);
  });
});
