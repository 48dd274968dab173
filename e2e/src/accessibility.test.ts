// axe-core on every route of every remote (from the catalogue, so a new route is checked without a new
// test), in every layout, signed out and signed in, in English and in Yorùbá; and on the not-found screen.
// A serious or critical violation fails the route with axe's own explanation.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_COOKIE, remoteCatalog } from '@platform/contracts';
import { seriousViolations } from './support/axe';
import { launchChromium, newVisitor } from './support/browser';
import { siteUrl } from './support/platform';

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = new Map<string, Page>();

const visitors = [
  { who: 'signed out', signedIn: false, locale: 'en' },
  { who: 'signed out', signedIn: false, locale: 'yo' },
  { who: 'signed in', signedIn: true, locale: 'en' },
  { who: 'signed in', signedIn: true, locale: 'yo' },
] as const;

beforeAll(async () => {
  browser = await launchChromium();
  for (const visitor of visitors) {
    const context = await newVisitor(browser, { signedIn: visitor.signedIn });
    await context.addCookies([
      { name: LOCALE_COOKIE, value: visitor.locale, url: siteUrl(), sameSite: 'Lax' },
    ]);
    contexts.push(context);
    pages.set(`${visitor.who}/${visitor.locale}`, await context.newPage());
  }
});

afterAll(async () => {
  await browser?.close();
});

const paths = [
  ...remoteCatalog.flatMap((remote) => remote.routes.map((route) => route.path)),
  '/no/such/page',
];
const cases = visitors.flatMap((visitor) => paths.map((path) => ({ ...visitor, path })));

/** The page has settled: its heading is shown and nothing is loading any more. */
async function settled(page: Page) {
  await page.locator('main h1, [data-not-found] h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-remote-loading], [data-session-loading], [aria-busy="true"]') &&
      // No entrance animation halfway (axe measures contrast on what is painted).
      document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    { timeout: 20_000 },
  );
}

describe('accessibility (axe-core)', () => {
  it.each(cases)(
    '$path, $who, in $locale: no serious or critical violation',
    async ({ who, locale, path }) => {
      const page = pages.get(`${who}/${locale}`)!;
      const response = await page.goto(`${siteUrl()}${path}`, { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      // The page's words arrived: no heading shows a bare catalogue key (a catalogue that failed to load).
      const headings = await page.locator('h1, h2').allTextContents();
      expect(headings.filter((h) => /^[a-z]+(\.[A-Za-z-]+)+$/.test(h.trim()))).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it('would catch a violation: an unnamed button and an image without text fail the check', async () => {
    const page = pages.get('signed out/en')!;
    await page.goto(`${siteUrl()}/signin`, { waitUntil: 'domcontentloaded' });
    await settled(page);
    await page.evaluate(() => {
      document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button></button><img src="/x.png">');
    });
    const ids = (await seriousViolations(page)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
  });
});
