// How the tests read the shell's page: the layout frame, the chrome that proves it, and a remote's page.
// Selectors are the shell's own hooks (data-layout, data-remote, data-remote-unavailable) plus the
// accessible names a user (or a screen reader) would find.
import type { Page } from 'playwright-core';
import type { LayoutKind } from '@platform/contracts';

export const UNAVAILABLE_TITLE = 'This section is temporarily unavailable';

/** SPEC §2: with a session cookie, /signup and /signin send the visitor on to /dashboard. */
export const SIGNED_IN_REDIRECTS: readonly string[] = ['/signin', '/signup'];

export const sidebar = (page: Page) => page.locator('nav[aria-label="Main"]');
export const topBarSearch = (page: Page) => page.getByPlaceholder('Search tasks, projects, or data');
export const contributorTabs = (page: Page) => page.locator('nav[aria-label="Contribute"]');
export const remoteSection = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`);
export const unavailableSection = (page: Page, remote: string) =>
  page.locator(`[data-remote-unavailable="${remote}"]`);

/** The page heading of `remote`'s page, once it has rendered. */
export async function remoteHeading(page: Page, remote: string, timeout = 15_000): Promise<string> {
  const heading = remoteSection(page, remote).locator('h1').first();
  await heading.waitFor({ state: 'visible', timeout });
  return (await heading.textContent())?.trim() ?? '';
}

/** Asserts the layout frame and the chrome each layout must (and must not) show. */
export async function expectLayout(page: Page, layout: LayoutKind): Promise<void> {
  await page.locator(`[data-layout="${layout}"]`).waitFor({ state: 'visible', timeout: 15_000 });
  const frames = await page
    .locator('[data-layout]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-layout')));
  expect(frames).toEqual([layout]);

  const hasSidebar = await sidebar(page).isVisible();
  const hasSearch = await topBarSearch(page).isVisible();
  const hasTabs = await contributorTabs(page).isVisible();
  if (layout === 'app') {
    expect({ hasSidebar, hasSearch, hasTabs }).toEqual({ hasSidebar: true, hasSearch: true, hasTabs: false });
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' }).isVisible()).resolves.toBe(true);
  } else if (layout === 'contributor') {
    expect({ hasSidebar, hasSearch, hasTabs }).toEqual({
      hasSidebar: false,
      hasSearch: false,
      hasTabs: true,
    });
    const tabs = contributorTabs(page).getByRole('link');
    const links = await tabs.evaluateAll((els) =>
      els.map((el) => [el.textContent?.trim(), el.getAttribute('href')]),
    );
    expect(links).toEqual([
      ['Speak', '/user/speak'],
      ['Listen', '/user/listen'],
      ['Write', '/user/write'],
      ['Review', '/user/review'],
    ]);
    // The public header sits above the tabs: brand link home.
    await expect(page.getByRole('banner').first().isVisible()).resolves.toBe(true);
  } else {
    expect({ hasSidebar, hasSearch, hasTabs }).toEqual({
      hasSidebar: false,
      hasSearch: false,
      hasTabs: false,
    });
  }
}

/**
 * Client-side navigation (no reload): what a click on an in-app link does. Every page has its own title,
 * so waiting for the document title to change tells the new page has rendered, not the previous one.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const previousTitle = await page.title();
  await page.evaluate((to) => {
    // The state shape React Router's history writes itself, so the new entry gets its own location key.
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForFunction((prev) => document.title !== prev, previousTitle, { timeout: 15_000 });
}

/** The remote's section says it is unavailable and offers Retry. */
export async function expectUnavailable(page: Page, remote: string): Promise<void> {
  const section = unavailableSection(page, remote);
  await section
    .getByRole('heading', { name: UNAVAILABLE_TITLE })
    .waitFor({ state: 'visible', timeout: 15_000 });
  await section.getByRole('button', { name: 'Retry' }).waitFor({ state: 'visible', timeout: 5000 });
  // No page of that remote rendered (the section may sit inside the remote's frame when it threw).
  expect(await remoteSection(page, remote).locator('h1').count()).toBe(0);
}

/** Marks the window; the mark survives client-side navigation and disappears on any reload. */
export async function markWindow(page: Page): Promise<string> {
  const mark = `m-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((m) => {
    (window as unknown as { __e2eMark?: string }).__e2eMark = m;
  }, mark);
  return mark;
}

export const readMark = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (window as unknown as { __e2eMark?: string }).__e2eMark);
