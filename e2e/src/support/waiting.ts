// Waiting for what a page shows, shared by the end-to-end suites.
import type { Page } from 'playwright-core';

/** Reads `read` until `done` holds (or the time is up), for figures a page reads again on its own. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    value = await read();
  }
  return value;
}

/** The number in a figure's text, without its separators and unit ('3,600 h' → 3600). */
export const asNumber = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/**
 * Until nothing is loading (aria-busy) and no animation is halfway: axe measures contrast on what is painted.
 */
export async function settledForAxe(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    { timeout: 20_000 },
  );
}
