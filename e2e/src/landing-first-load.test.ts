// The landing page (/, signed out) is the platform's front door: its first load stays within 190 KB of gzip
// JavaScript (every script the page fetches until it settles, the shell's and mf_marketing's, gzipped at
// level 6 so the figure does not depend on how a host compresses); the test prints the margin left. A size,
// not a timing: it is the same on every machine. What keeps it there is checked too, so a
// change that breaks it says why.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, newVisitor } from './support/browser';
import { kb, scriptsOfFirstLoad, weigh } from './support/first-load';
import type { Script } from './support/first-load';
import { siteUrl } from './support/platform';
import { remoteHeading } from './support/shell-page';

/** What the page may weigh. */
const BUDGET_BYTES = 190 * 1024;
const repoRoot = path.resolve(__dirname, '../..');
const shellDist = path.join(repoRoot, 'shell', 'dist');

/** The sources (from its source map) of a shell chunk the page loaded; none for other origins. */
function shellSources(script: Script): string[] {
  const url = new URL(script.url);
  if (url.origin !== new URL(siteUrl()).origin) return [];
  const map = path.join(shellDist, `${path.basename(url.pathname)}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** A catalogue text as it may sit in a script: as written, its non-ASCII letters \u-escaped, its ' escaped. */
type Catalogue = { [key: string]: string | Catalogue };

/** A project's catalogue in one locale, flattened: key path -> message. */
function messagesOf(project: string, locale: string): Record<string, string> {
  const flat: Record<string, string> = {};
  const walk = (catalogue: Catalogue, prefix: string) => {
    for (const [key, value] of Object.entries(catalogue)) {
      if (typeof value === 'string') flat[`${prefix}${key}`] = value;
      else walk(value, `${prefix}${key}.`);
    }
  };
  walk(JSON.parse(fs.readFileSync(path.join(repoRoot, project, `src/i18n/${locale}.json`), 'utf8')), '');
  return flat;
}

const spellings = (text: string) => {
  const escaped = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [text, escaped, text.replace(/'/g, "\\'"), escaped.replace(/'/g, "\\'")];
};

describe('the landing page, signed out', () => {
  let browser: Browser;
  let scripts: Script[];

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await newVisitor(browser, { signedIn: false });
    // An English-speaking visitor with no language chosen yet.
    await context.setExtraHTTPHeaders({ 'Accept-Language': 'en' });
    const page = await context.newPage();
    scripts = await scriptsOfFirstLoad(page, async () => {
      await page.goto(`${siteUrl()}/`, { waitUntil: 'domcontentloaded' });
      await remoteHeading(page, 'mf_marketing');
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(`loads at most ${kb(BUDGET_BYTES)} of gzip JavaScript`, () => {
    const { total, largest } = weigh(scripts);
    // Printed on success too: the margin left, and where the next kilobytes would come from.
    console.log(
      `landing page first load: ${kb(total)} gzip JavaScript (budget ${kb(BUDGET_BYTES)}, ${kb(BUDGET_BYTES - total)} left); largest:\n  ${largest.join('\n  ')}`,
    );
    expect({ total: kb(total), withinBudget: total <= BUDGET_BYTES, largest }).toEqual({
      total: kb(total),
      withinBudget: true,
      largest,
    });
    expect(scripts.length).toBeGreaterThan(3);
  });

  it('carries no schemas, no ICU parser and no pseudo-locale: nothing on it needs them', () => {
    const sources = scripts.flatMap(shellSources);
    expect(sources.some((s) => s.includes('libs/store/src'))).toBe(true);
    const unneeded = sources.filter((s) =>
      /node_modules\/(@sinclair\/typebox|@formatjs|intl-messageformat)\/|libs\/i18n\/src\/pseudo\.ts/.test(s),
    );
    expect([
      ...new Set(unneeded.map((s) => s.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1'))),
    ]).toEqual([]);
  });

  it("holds the shell's and mf_marketing's texts in English only: other languages' catalogues stay on the server", () => {
    const bodies = scripts.map((s) => s.body.toString('utf8'));
    const inPage = (text: string) => bodies.some((body) => spellings(text).some((t) => body.includes(t)));
    for (const project of ['shell', 'mf-marketing']) {
      const english = messagesOf(project, 'en');
      // The longest plain English message (no quote to be escaped in a script): the catalogue is there.
      const sample = Object.keys(english)
        .filter((key) => /^[\w ,.!?:;()-]+$/.test(english[key]!))
        .sort((a, b) => english[b]!.length - english[a]!.length)[0]!;
      expect({ project, english: inPage(english[sample]!) }).toEqual({ project, english: true });
      for (const locale of ['yo', 'ha', 'ig']) {
        const translated = messagesOf(project, locale);
        const distinct = Object.keys(translated).filter(
          (key) => translated[key] !== english[key] && translated[key]!.length > 12,
        );
        const loaded = distinct.filter((key) => inPage(translated[key]!));
        expect({ project, locale, loaded }).toEqual({ project, locale, loaded: [] });
      }
    }
  });
});
