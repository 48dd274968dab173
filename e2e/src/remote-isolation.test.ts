// A remote that is down, or that throws while rendering, breaks only its own pages: they show the
// unavailable section with Retry, the shell's chrome and every other remote keep working, and once the
// remote is back Retry brings its page without reloading the document.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { remoteCatalog } from '@platform/contracts';
import { launchChromium, newVisitor } from './support/browser';
import { siteUrl, startProcess, stopProcess } from './support/platform';
import {
  SIGNED_IN_REDIRECTS,
  UNAVAILABLE_TITLE,
  expectLayout,
  expectUnavailable,
  markWindow,
  navigateInApp,
  readMark,
  remoteHeading,
  sidebar,
  unavailableSection,
} from './support/shell-page';

const DOWN = 'mf_datasets';
const down = remoteCatalog.find((r) => r.name === DOWN)!;
const others = remoteCatalog.filter((r) => r.name !== DOWN);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});

beforeEach(async () => {
  // A fresh context per test: nothing of a remote loaded by an earlier test is cached in the page.
  context = await newVisitor(browser, { signedIn: true });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
  // Whatever happened in the test, the next one (and the next file) starts with the remote up.
  await startProcess(DOWN);
});

afterAll(async () => {
  await browser?.close();
});

describe(`${DOWN}'s server stopped`, () => {
  it('shows its routes as unavailable while every other remote works, and Retry recovers without a reload', async () => {
    await stopProcess(DOWN);

    // Each of the stopped remote's routes, opened as a deep link: the section says so, offers Retry, and
    // the layout with its chrome is intact.
    for (const route of down.routes) {
      await page.goto(`${siteUrl()}${route.path}`, { waitUntil: 'domcontentloaded' });
      await expectUnavailable(page, DOWN);
      await expectLayout(page, route.layout);
    }
    const mark = await markWindow(page);

    // In that same document (where one remote failed to load), every other remote's routes still render.
    for (const remote of others) {
      for (const route of remote.routes.filter((r) => !SIGNED_IN_REDIRECTS.includes(r.path))) {
        await navigateInApp(page, route.path);
        const heading = await remoteHeading(page, remote.name);
        expect(heading).not.toBe('');
        await expectLayout(page, route.layout);
      }
    }

    // Back to one of its pages, bring the server back, press Retry: the page arrives, no reload happened.
    const target = down.routes[0]!;
    await navigateInApp(page, target.path);
    await expectUnavailable(page, DOWN);
    await startProcess(DOWN);
    await unavailableSection(page, DOWN).getByRole('button', { name: 'Retry' }).click();
    const heading = await remoteHeading(page, DOWN);
    expect(heading).not.toBe('');
    expect(await unavailableSection(page, DOWN).count()).toBe(0);
    expect(await readMark(page)).toBe(mark);
  }, 120_000);

  it('a fresh page load with the remote down still serves the shell and the other remotes', async () => {
    await stopProcess(DOWN);
    await page.goto(`${siteUrl()}${down.routes[0]!.path}`, { waitUntil: 'domcontentloaded' });
    await expectUnavailable(page, DOWN);
    await expect(sidebar(page).isVisible()).resolves.toBe(true);

    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await remoteHeading(page, 'mf_workspace');
  });
});

describe(`${DOWN} throwing while rendering`, () => {
  it('shows the error in its section only; the sidebar still navigates to other pages', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${siteUrl()}/data/downloads?__throw=${DOWN}`, { waitUntil: 'domcontentloaded' });

    await expectUnavailable(page, DOWN);
    // Only that section: the layout and its chrome are whole, nothing else shows an error.
    await expectLayout(page, 'app');
    expect(await page.locator('[data-remote-unavailable]').count()).toBe(1);
    expect(await page.getByRole('heading', { name: UNAVAILABLE_TITLE }).count()).toBe(1);

    const mark = await markWindow(page);
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await remoteHeading(page, 'mf_workspace');
    expect(await page.locator('[data-remote-unavailable]').count()).toBe(0);

    // The same remote renders again on a page that does not ask it to throw.
    await sidebar(page).getByRole('link', { name: 'Add Text Pair' }).click();
    await remoteHeading(page, DOWN);
    expect(await readMark(page)).toBe(mark);
    expect(errors).toEqual([]);
  });
});
