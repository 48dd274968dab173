// Every path of every remote, from the catalogue both the gateway and the shell use, opened as a deep
// link: it renders inside the layout the catalogue gives it, with the remote's page heading. And the
// catch-all: an unknown path shows the SPEC's not-found screen, whose Back to Home works.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { remoteCatalog } from '@platform/contracts';
import { launchChromium, needsSession, newVisitor } from './support/browser';
import { siteUrl } from './support/platform';
import { expectLayout, remoteHeading, remoteSection, unavailableSection } from './support/shell-page';

let browser: Browser;
let contexts: BrowserContext[];
let guest: Page;
let member: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  contexts = [await newVisitor(browser, { signedIn: false }), await newVisitor(browser, { signedIn: true })];
  guest = await contexts[0]!.newPage();
  member = await contexts[1]!.newPage();
  for (const page of [guest, member]) page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
});

const routes = remoteCatalog.flatMap((remote) =>
  remote.routes.map((route) => ({ remote: remote.name, ...route })),
);

describe('every route of every remote', () => {
  it.each(routes)(
    '$path renders $remote in the $layout layout with its heading',
    async ({ remote, path, layout }) => {
      pageErrors.length = 0;
      const page = needsSession(layout) ? member : guest;
      const response = await page.goto(`${siteUrl()}${path}`, { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);

      const heading = await remoteHeading(page, remote);
      expect(heading).not.toBe('');
      // The shell titles the document from the remote's route table; the page renders its own h1: the two
      // agree only when the remote rendered the page that belongs to this path.
      await page.waitForFunction((h) => document.title.startsWith(`${h} | `), heading, { timeout: 5000 });
      await expectLayout(page, layout);

      expect(await remoteSection(page, remote).count()).toBe(1);
      expect(await unavailableSection(page, remote).count()).toBe(0);
      expect(await page.locator('[data-not-found]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    },
  );
});

describe('a signed-out visitor', () => {
  it('asking for a page of the signed-in area is sent to sign in, with that page as where to go next', async () => {
    // A guarded page: not one of the few open to signed-out visitors (signedOut: 'allowed').
    const appRoute = routes.find((r) => needsSession(r.layout) && r.signedOut !== 'allowed')!;
    await guest.goto(`${siteUrl()}${appRoute.path}`, { waitUntil: 'domcontentloaded' });
    await guest.waitForURL((url) => url.pathname === '/signin', { timeout: 15_000 });
    expect(new URL(guest.url()).searchParams.get('next')).toBe(appRoute.path);
    expect(await remoteSection(guest, appRoute.remote).count()).toBe(0);
  });
});

describe('an unknown path', () => {
  it("shows 'Page Not Found' in the SPEC's words, and Back to Home goes to the landing page", async () => {
    const page = guest;
    const response = await page.goto(`${siteUrl()}/no/such/page`, { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    const screen = page.locator('[data-not-found]');
    await screen.waitFor({ state: 'visible', timeout: 15_000 });

    await expect(screen.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found');
    await expect(screen.getByText('404', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(
      screen
        .getByText(
          "Oops! It seems we've wandered off the path. The page you're looking for doesn't exist or has moved.",
          { exact: true },
        )
        .isVisible(),
    ).resolves.toBe(true);
    const brand = (await page.title()).replace(/^Page Not Found \| /, '');
    expect(brand).not.toBe('');
    const footer = (await screen.getByText("Let's get you back on track with").textContent())
      ?.replace(/\s+/g, ' ')
      .trim();
    expect(footer).toBe(`Let's get you back on track with ${brand}`);

    const landing = remoteCatalog.find((r) => r.routes.some((route) => route.path === '/'))!;
    await screen.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${siteUrl()}/`);
    await remoteHeading(page, landing.name);
    expect(await page.locator('[data-not-found]').count()).toBe(0);
  });
});
