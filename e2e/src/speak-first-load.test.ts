// /user/speak is where most contributors start, on a phone and mobile data. Signed in, its first load (the
// shell's and mf_contribute's scripts until the page settles, gzipped at level 6 as the landing page's are)
// stays within 200 KB of gzip JavaScript; the test prints the margin left. What keeps it small is checked
// too: the contribute remote's other pages and the queue's panel arrive only when shown.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, newVisitor } from './support/browser';
import { kb, scriptsOfFirstLoad, weigh } from './support/first-load';
import type { Script } from './support/first-load';
import { remoteEntries, siteUrl } from './support/platform';
import { remoteHeading } from './support/shell-page';

/** What the page may weigh. */
const BUDGET_BYTES = 200 * 1024;
const contributeDist = path.resolve(__dirname, '../../mf-contribute/dist');

/**
 * The sources (from its source map) of an mf_contribute chunk the page loaded, its own as `src/...`; none for
 * other origins.
 */
function contributeSources(script: Script): string[] {
  const url = new URL(script.url);
  if (url.origin !== new URL(remoteEntries()['mf_contribute']!).origin) return [];
  const map = path.join(contributeDist, `${path.basename(url.pathname)}.map`);
  if (!fs.existsSync(map)) return [];
  const { sources } = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.map((source) => source.replace(/^webpack:\/\/mf_contribute\/\.\//, ''));
}

describe('/user/speak, signed in', () => {
  let browser: Browser;
  let scripts: Script[];
  /** Every URL the page asked the network for, in order. */
  const asked: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await newVisitor(browser, { signedIn: true });
    await context.setExtraHTTPHeaders({ 'Accept-Language': 'en' });
    const page = await context.newPage();
    page.on('request', (request) => asked.push(request.url()));
    scripts = await scriptsOfFirstLoad(page, async () => {
      await page.goto(`${siteUrl()}/user/speak`, { waitUntil: 'domcontentloaded' });
      await remoteHeading(page, 'mf_contribute');
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(`loads at most ${kb(BUDGET_BYTES)} of gzip JavaScript`, () => {
    const { total, largest } = weigh(scripts);
    // Printed on success too: the margin left, and where the next kilobytes would come from.
    console.log(
      `/user/speak first load: ${kb(total)} gzip JavaScript (budget ${kb(BUDGET_BYTES)}, ${kb(BUDGET_BYTES - total)} left); largest:\n  ${largest.join('\n  ')}`,
    );
    expect({ total: kb(total), withinBudget: total <= BUDGET_BYTES, largest }).toEqual({
      total: kb(total),
      withinBudget: true,
      largest,
    });
  });

  it("asks for nothing twice: what the gateway's page hints to preload is what the page then uses", () => {
    const twice = asked.filter((url, i) => asked.indexOf(url) !== i);
    expect(twice).toEqual([]);
    // The hints were there to be used: the session, the remotes' list and the remote's manifest among them.
    for (const hinted of ['/auth/session', '/remotes.json', '/mf-manifest.json'])
      expect(asked.filter((url) => new URL(url).pathname.endsWith(hinted))).toHaveLength(1);
  });

  it("carries Speak's code but not Listen's, Write's, Review's or Donate's, nor the queue's panel", () => {
    const sources = scripts.flatMap(contributeSources);
    expect(sources.some((s) => s.startsWith('src/speak/'))).toBe(true);
    // Their pages (and what only they import); the few constants Speak's work-ahead shares with Listen may come.
    const otherPages = sources.filter((s) => /^src\/(listen|write|review|donate)\/\w+Page\.tsx$/.test(s));
    expect(otherPages).toEqual([]);
    expect(sources.filter((s) => s === 'src/queue/QueuePanel.tsx')).toEqual([]);
  });
});
