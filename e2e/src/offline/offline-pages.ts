// Pages for the offline tests: a person's browser context with the site's service worker allowed, the worker
// made to control the page (it does not claim the page that installed it: the second load is the first one it
// serves), the device's queue of contributions as the header shows it, and the person's stored figures.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { UserStats } from '@platform/contracts';
import { siteUrl } from '../support/platform';
import { remoteSection } from '../support/shell-page';
import { asPerson } from '../contribute/people';
import type { Person } from '../contribute/people';

export const REMOTE = 'mf_contribute';
export const OFFLINE_WORDS =
  'You are offline. Your contributions are saved on this device and sent when you are back online.';

/** A person's own browser profile, with service workers allowed (Playwright's default, said for the reader). */
export async function contextFor(
  browser: Browser,
  person: Person,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers });
  await context.addCookies([{ name: 'plt', value: person.session, url: siteUrl() }]);
  return context;
}

/** Opens `pathname` in `context` and waits for the remote's page heading. */
export async function openPage(
  context: BrowserContext,
  pathname: string,
  errors: string[],
  waitUntil: 'domcontentloaded' | 'load' = 'domcontentloaded',
): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${pathname}: ${error.message}`));
  await page.goto(`${siteUrl()}${pathname}`, { waitUntil });
  await remoteHeadingShown(page);
  return page;
}

export const remoteHeadingShown = (page: Page) =>
  remoteSection(page, REMOTE).locator('h1').waitFor({ state: 'visible', timeout: 30_000 });

/** Waits until the site's worker is active (its install, remotes' builds included, is done). */
export async function workerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Reloads until the worker controls the page (the first load that installed it is not controlled). */
export async function controlledByWorker(page: Page): Promise<void> {
  await workerActive(page);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload({ waitUntil: 'domcontentloaded' });
    await remoteHeadingShown(page);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
}

/** How many records one store of the contribution database holds on this device. */
export function storedOnDevice(
  page: Page,
  store: 'items' | 'sentences' | 'clips' | 'audio',
): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('voicebank-contribute');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    store,
  );
}

/** Waits until the device keeps at least `count` records in `store` (the work kept ahead while online). */
export async function keptAhead(
  page: Page,
  store: 'sentences' | 'clips',
  count: number,
  timeout = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  let kept = await storedOnDevice(page, store);
  while (kept < count && Date.now() < deadline) {
    await page.waitForTimeout(300);
    kept = await storedOnDevice(page, store);
  }
  expect(kept).toBeGreaterThanOrEqual(count);
}

/** The queue's button in the contributor header ("5 waiting"); detached once nothing waits. */
export const queueButton = (page: Page): Locator =>
  page.getByTestId('contribution-queue').getByRole('button').first();

/** Waits until the queue is empty: the server confirmed everything. */
export const queueEmptied = (page: Page, timeout = 60_000) =>
  page.getByTestId('contribution-queue').getByRole('button').waitFor({ state: 'detached', timeout });

/** The person's figures as the server has them. */
export async function statsOf(person: Person): Promise<UserStats> {
  const res = await asPerson(person, '/api/user/stats');
  if (res.status !== 200) throw new Error(`stats: ${res.status} ${await res.text()}`);
  return (await res.json()) as UserStats;
}

/** Reads `read` until it equals `expected` or the time is up; returns the last value read. */
export async function settlesAt<T>(read: () => Promise<T>, expected: T, timeout = 30_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    value = await read();
  }
  return value;
}
