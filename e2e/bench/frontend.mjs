#!/usr/bin/env node
// @ts-check
// Front-end benchmark (measures, asserts nothing): builds the platform, starts it on free ports with a
// throw-away database, and opens one route per remote in a cold headless Chromium. For each it reports the
// JavaScript of the first load (bytes on the wire, and gzip size so the figure does not depend on how a
// host compresses), the number of requests, DOMContentLoaded and largest-contentful-paint; then the
// landing route's gzip JavaScript against the 200 KB target.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { buildPlatform, startPlatform, freePorts, loadRemoteCatalog } from '../../tools/platform.mjs';
import { fileLog } from '../../tools/lib/log.mjs';
import { signUpMember } from '../../tools/lib/member-session.mjs';
/* global window -- the page's, in the functions page.addInitScript and page.evaluate run inside Chromium */

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const chromiumConfig = require('../../tools/chromium.json');

const LANDING_TARGET_BYTES = 200 * 1024;
const LANDING_LCP_TARGET_MS = 1500;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** @param {number[]} xs NaN for none */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string} headingSelector
 * @param {string | undefined} sessionCookie
 */
async function measure(browser, url, headingSelector, sessionCookie) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (sessionCookie) {
    await context.addCookies([
      { name: 'plt', value: sessionCookie, url: new URL(url).origin, httpOnly: true },
    ]);
  }
  const page = await context.newPage();
  await page.addInitScript(() => {
    const win = /** @type {Window & { __lcp?: number }} */ (window);
    win.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) win.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  /** @type {import('playwright-core').Response[]} */
  const responses = [];
  let requests = 0;
  page.on('request', () => requests++);
  page.on('response', (res) => responses.push(res));

  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.locator(headingSelector).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // LCP is final once the page settles; give the observer a frame to report.
  await page.waitForTimeout(300);

  let jsWire = 0;
  let jsGzip = 0;
  let jsRaw = 0;
  const scripts = [];
  for (const res of responses) {
    const type = res.request().resourceType();
    const isJs = type === 'script' || /javascript/.test(res.headers()['content-type'] ?? '');
    if (!isJs || res.status() !== 200) continue;
    const body = await res.body().catch(() => null);
    if (!body) continue;
    const gzip = zlib.gzipSync(body, { level: 6 }).length;
    jsRaw += body.length;
    jsGzip += gzip;
    scripts.push({ url: res.url(), gzip });
    const sizes = await res
      .request()
      .sizes()
      .catch(() => null);
    jsWire += sizes?.responseBodySize ?? body.length;
  }
  const timing = await page.evaluate(() => {
    // The 'navigation' entries are PerformanceNavigationTiming (getEntriesByType is typed for any kind).
    const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    return {
      dcl: nav.domContentLoadedEventEnd,
      // Set (to 0 at first) by the init script before the page's own code ran.
      lcp: /** @type {Window & { __lcp?: number }} */ (window).__lcp ?? 0,
    };
  });
  await context.close();
  return { requests, jsRaw, jsGzip, jsWire, dcl: timing.dcl, lcp: timing.lcp, scripts };
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
  // Pages of the app and contributor layouts are for signed-in people: measure them as one.
  const member = await signUpMember(platform.urls.site, platform.dataDir);
  const rows = [];
  for (const remote of catalog) {
    const route = remote.routes[0];
    if (!route) throw new Error(`${remote.name} declares no route`);
    const runs = [];
    process.stdout.write(`measuring ${remote.name} ${route.path} ...\n`);
    for (let i = 0; i < RUNS; i++) {
      runs.push(
        await measure(
          browser,
          `${platform.urls.site}${route.path}`,
          `[data-remote="${remote.name}"] h1`,
          route.layout === 'public' ? undefined : member.cookie,
        ),
      );
    }
    const first = runs[0];
    if (!first) throw new Error('BENCH_RUNS must be at least 1');
    rows.push({
      family: remote.name,
      route: route.path,
      requests: first.requests,
      jsGzip: first.jsGzip,
      jsWire: first.jsWire,
      jsRaw: first.jsRaw,
      dcl: median(runs.map((r) => r.dcl)),
      lcp: median(runs.map((r) => r.lcp)),
      scripts: first.scripts,
    });
  }

  console.log(
    `\nFirst load per route family (cold cache; timings: median of ${RUNS} runs, headless Chromium, loopback)\n`,
  );
  const header = [
    'family',
    'route',
    'requests',
    'JS gzip',
    'JS on wire',
    'JS raw',
    'DOMContentLoaded',
    'LCP',
  ];
  const table = rows.map((r) => [
    r.family,
    r.route,
    String(r.requests),
    kb(r.jsGzip),
    kb(r.jsWire),
    kb(r.jsRaw),
    `${r.dcl.toFixed(0)} ms`,
    `${r.lcp.toFixed(0)} ms`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const row of table) console.log(line(row));

  const landing = rows.find((r) => r.route === '/');
  if (landing) {
    const verdict = landing.jsGzip <= LANDING_TARGET_BYTES ? 'within' : 'OVER';
    console.log('\nLargest scripts of the landing route (gzip):');
    for (const script of [...landing.scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
      console.log(`  ${kb(script.gzip).padStart(9)}  ${script.url}`);
    }
    console.log(
      `\nLanding route (/): ${kb(landing.jsGzip)} gzip JavaScript on first load vs target ${kb(LANDING_TARGET_BYTES)}: ${verdict} target`,
    );
    const lcpVerdict = landing.lcp < LANDING_LCP_TARGET_MS ? 'within' : 'OVER';
    console.log(
      `Landing route (/): largest contentful paint ${landing.lcp.toFixed(0)} ms (median) vs target < ${LANDING_LCP_TARGET_MS} ms: ${lcpVerdict} target`,
    );
  }
} finally {
  await browser.close();
  await platform.stop();
  await log.close();
  if (process.env.BENCH_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
}
