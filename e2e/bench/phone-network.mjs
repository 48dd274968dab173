#!/usr/bin/env node
// @ts-check
// Phone-network benchmark (measures, asserts nothing): builds the platform, starts it on free ports with a
// throw-away database, and opens /user/speak and /user/listen as a signed-in person in headless Chromium under
// its network emulation (CDP Network.emulateNetworkConditions) of a slow and a fast 3G link. For each: the time
// from navigation until the page's main button works (Record on Speak, Play on Listen) and the bytes that
// crossed the network (CDP Network.loadingFinished encodedDataLength), on a first visit (empty cache, no
// service worker) and on a repeat visit in the same browser profile (served by the site's worker). The worker
// runs under the same emulation and its own downloads are counted too. Prints a table, the targets and the
// load average, which says whether the machine was busy (then the timings are worth little).
//
//   npm run bench                       (every benchmark of the repository)
//   node e2e/bench/phone-network.mjs    this one; BENCH_RUNS=3 for the median of three runs, and
//                                       BENCH_LINKS='slow 3G' or BENCH_ROUTES=/user/speak for a part of it
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildPlatform, startPlatform, freePorts, loadRemoteCatalog } from '../../tools/platform.mjs';
import { fileLog } from '../../tools/lib/log.mjs';
import { signUpMember } from '../../tools/lib/member-session.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const chromiumConfig = require('../../tools/chromium.json');

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
/** Chromium's network emulation: throughput in bytes per second, latency (added round trip) in ms. */
const PROFILES = [
  { name: 'slow 3G', downKbps: 400, upKbps: 400, rttMs: 400 },
  { name: 'fast 3G', downKbps: 1600, upKbps: 750, rttMs: 150 },
].filter((p) => !process.env.BENCH_LINKS || process.env.BENCH_LINKS.split(',').includes(p.name));
const PAGES = [
  { route: '/user/speak', button: 'Record' },
  { route: '/user/listen', button: 'Play' },
].filter((p) => !process.env.BENCH_ROUTES || process.env.BENCH_ROUTES.split(',').includes(p.route));
/** Targets on slow 3G. */
const TARGETS = { firstMs: 8000, repeatMs: 1500, repeatBytes: 20 * 1024 };
const READY_TIMEOUT_MS = 120_000;
const WORKER_TIMEOUT_MS = 300_000;
/** Recordings put up for Listen, so its Play button has a clip to play. */
const CLIPS = 6;

/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** @param {{ downKbps: number, upKbps: number, rttMs: number }} profile */
const conditions = (profile) => ({
  offline: false,
  latency: profile.rttMs,
  downloadThroughput: (profile.downKbps * 1000) / 8,
  uploadThroughput: (profile.upKbps * 1000) / 8,
});

/**
 * Emulates `profile` for every page and service worker of the browser and counts the bytes they receive.
 * Service workers are targets of their own, outside a page's CDP session: they are reached through the
 * browser's session (Target.sendMessageToTarget), and attached as soon as Chromium reports them.
 * @param {import('playwright-core').Browser} browser
 */
async function networkEmulation(browser) {
  const session = await browser.newBrowserCDPSession();
  /** @type {ReturnType<typeof conditions> | null} */
  let current = null;
  const bytes = { page: 0, worker: 0 };
  /** @type {Set<string>} */
  const workerSessions = new Set();
  let messageId = 0;
  /** @param {string} sessionId @param {string} method @param {object} [params] */
  const sendToWorker = (sessionId, method, params = {}) =>
    session
      .send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: ++messageId, method, params }),
      })
      .catch(() => undefined);
  session.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    if (!workerSessions.has(sessionId)) return;
    const event = JSON.parse(message);
    if (event.method === 'Network.loadingFinished') bytes.worker += event.params.encodedDataLength;
  });
  session.on('Target.targetCreated', async ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    const attached = await session
      .send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false })
      .catch(() => null);
    if (!attached) return;
    workerSessions.add(attached.sessionId);
    await sendToWorker(attached.sessionId, 'Network.enable');
    if (current) await sendToWorker(attached.sessionId, 'Network.emulateNetworkConditions', current);
  });
  await session.send('Target.setDiscoverTargets', { discover: true });

  return {
    /** @param {ReturnType<typeof conditions>} next */
    async use(next) {
      current = next;
      for (const id of workerSessions) await sendToWorker(id, 'Network.emulateNetworkConditions', next);
    },
    /**
     * A page under the emulation, counting what it receives.
     * @param {import('playwright-core').Page} page
     */
    async page(page) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      if (current) await cdp.send('Network.emulateNetworkConditions', current);
      cdp.on('Network.loadingFinished', ({ encodedDataLength }) => {
        bytes.page += encodedDataLength;
      });
    },
    /** Bytes received since the last call, by the pages and by the service worker. */
    take() {
      const taken = { ...bytes };
      bytes.page = 0;
      bytes.worker = 0;
      return taken;
    },
  };
}

/**
 * Opens `route` in a new page of `context` and returns the milliseconds until its `button` is enabled.
 * @param {import('playwright-core').BrowserContext} context
 * @param {Awaited<ReturnType<typeof networkEmulation>>} network
 * @param {string} url
 * @param {string} button
 */
async function visit(context, network, url, button) {
  const page = await context.newPage();
  await network.page(page);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit', timeout: READY_TIMEOUT_MS });
  await page
    .getByRole('button', { name: button, exact: true })
    .and(page.locator(':enabled'))
    .first()
    .waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
  return { page, ms: Date.now() - started };
}

/**
 * Puts up recordings by another person in the language Listen shows `listener`, so Listen has clips.
 * @param {string} site
 * @param {string} dataDir
 * @param {string} listenerCookie
 */
async function recordingsToCheck(site, dataDir, listenerCookie) {
  const speaker = await signUpMember(site, dataDir);
  /** @param {string} cookie @param {string} pathname @param {RequestInit} [init] */
  const as = (cookie, pathname, init = {}) =>
    fetch(`${site}${pathname}`, {
      ...init,
      headers: { .../** @type {Record<string, string>} */ (init.headers ?? {}), cookie: `plt=${cookie}` },
    });
  const preferences = await as(listenerCookie, '/api/user/preferences');
  if (!preferences.ok) throw new Error(`preferences: ${preferences.status} ${await preferences.text()}`);
  const { language } = /** @type {{ language: string }} */ (await preferences.json());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-voice-'));
  const raw = path.join(dir, 'raw.wav');
  const wav = path.join(dir, 'take.wav');
  execFileSync('espeak-ng', [
    '-v',
    'en',
    '-s',
    '150',
    '-w',
    raw,
    'The market opens early and everyone brings something.',
  ]);
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', wav]);
  const audio = fs.readFileSync(wav);
  fs.rmSync(dir, { recursive: true, force: true });
  const round = await as(speaker.cookie, `/api/sentences?count=${CLIPS}&lang=${language}`);
  if (!round.ok) throw new Error(`sentences: ${round.status} ${await round.text()}`);
  const sentences = /** @type {Array<{ id: string }>} */ (await round.json());
  for (const sentence of sentences) {
    const form = new FormData();
    form.append('sentenceId', sentence.id);
    form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'take.wav');
    const upload = await as(speaker.cookie, '/api/recordings', {
      method: 'POST',
      body: form,
      headers: { 'idempotency-key': randomUUID() },
    });
    if (upload.status !== 201) throw new Error(`recording: ${upload.status} ${await upload.text()}`);
  }
  return sentences.length;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-'));
const log = fileLog(path.join(dataDir, 'platform.log'));
console.log(`building (log: ${path.join(dataDir, 'platform.log')})`);
await buildPlatform({ log });
const catalog = loadRemoteCatalog();
const [gateway, text, speech, mongo, ...remotePorts] = await freePorts(4 + catalog.length);
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env };
delete env.MONGODB_URI;
for (const r of catalog) delete env[`REMOTE_${r.key.toUpperCase()}_URL`];
const platform = await startPlatform({
  env,
  dataDir,
  log,
  dieWithParentSignals: true,
  ports: {
    gateway,
    text,
    speech,
    mongo,
    remotes: Object.fromEntries(catalog.map((r, i) => [r.key, remotePorts[i]])),
  },
});
const browser = await chromium.launch({
  executablePath: chromiumConfig.executablePath,
  headless: true,
  args: chromiumConfig.args,
});

try {
  const site = platform.urls.site;
  const member = await signUpMember(site, platform.dataDir);
  const clips = await recordingsToCheck(site, platform.dataDir, member.cookie);
  console.log(`${clips} recordings put up for Listen; load average before: ${load()}`);
  const network = await networkEmulation(browser);
  const rows = [];
  for (const profile of PROFILES) {
    for (const { route, button } of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        process.stdout.write(`${profile.name} ${route} run ${i + 1} ...\n`);
        // A phone's screen, and a fresh profile: empty cache, no service worker.
        const context = await browser.newContext({
          viewport: { width: 360, height: 640 },
          isMobile: true,
          hasTouch: true,
        });
        await context.addCookies([{ name: 'plt', value: member.cookie, url: site, httpOnly: true }]);
        await network.use(conditions(profile));
        network.take();
        const first = await visit(context, network, `${site}${route}`, button);
        const firstBytes = network.take();
        // The worker installs (precaching the shell and the remotes) in the background, under the same link.
        const installStarted = Date.now();
        await Promise.race([
          first.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined)),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('the worker did not install in time')), WORKER_TIMEOUT_MS),
          ),
        ]);
        const installMs = Date.now() - installStarted;
        const installBytes = network.take();
        await first.page.close();
        const repeat = await visit(context, network, `${site}${route}`, button);
        const repeatBytes = network.take();
        const controlled = await repeat.page.evaluate(() => navigator.serviceWorker.controller !== null);
        runs.push({
          firstMs: first.ms,
          firstPageBytes: firstBytes.page,
          // What the worker fetched while the page loaded and while it installed: its precache.
          workerBytes: firstBytes.worker + installBytes.worker + installBytes.page,
          installMs,
          repeatMs: repeat.ms,
          repeatBytes: repeatBytes.page + repeatBytes.worker,
          controlled,
        });
        await context.close();
      }
      rows.push({
        profile: profile.name,
        route,
        button,
        firstMs: median(runs.map((r) => r.firstMs)),
        firstPageBytes: median(runs.map((r) => r.firstPageBytes)),
        workerBytes: median(runs.map((r) => r.workerBytes)),
        installMs: median(runs.map((r) => r.installMs)),
        repeatMs: median(runs.map((r) => r.repeatMs)),
        repeatBytes: median(runs.map((r) => r.repeatBytes)),
        controlled: runs.every((r) => r.controlled),
      });
    }
  }
  await network.use({ offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  console.log(
    `\nTime until the main button works, and bytes received (${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`}; headless Chromium at 360 × 640, loopback under CDP network emulation)\n`,
  );
  const header = [
    'link',
    'page',
    'button',
    'first visit',
    'page bytes',
    'worker install',
    'worker bytes',
    'repeat visit',
    'repeat bytes',
    'served by worker',
  ];
  const table = rows.map((r) => [
    r.profile,
    r.route,
    r.button,
    seconds(r.firstMs),
    kb(r.firstPageBytes),
    seconds(r.installMs),
    kb(r.workerBytes),
    seconds(r.repeatMs),
    kb(r.repeatBytes),
    r.controlled ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((c, i) => (i < 3 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const row of table) console.log(line(row));
  console.log(
    '\npage bytes: what the first visit received until the button worked; worker install: from then until the worker was\n' +
      'ready, its bytes the precache of the shell and every remote; repeat: a new page in the same profile, the worker and\n' +
      'the page together.',
  );

  console.log(
    `\nTargets on slow 3G: first visit < ${seconds(TARGETS.firstMs)}, repeat visit < ${seconds(TARGETS.repeatMs)}, repeat bytes < ${kb(TARGETS.repeatBytes)}`,
  );
  for (const r of rows.filter((row) => row.profile === 'slow 3G')) {
    /** @param {boolean} ok */
    const mark = (ok) => (ok ? 'within' : 'OVER');
    console.log(
      `  ${r.route}: first ${mark(r.firstMs < TARGETS.firstMs)}, repeat ${mark(r.repeatMs < TARGETS.repeatMs)}, repeat bytes ${mark(r.repeatBytes < TARGETS.repeatBytes)}`,
    );
  }
  console.log(`\nLoad average after (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
} finally {
  await browser.close();
  await platform.stop();
  await log.close();
  if (process.env.BENCH_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
}
