// Speak with no connection, end to end in Chromium with the site's service worker: a signed-in person whose
// worker is installed loses the network, reloads /user/speak (the worker serves the shell and the remote's
// kept build, the shell goes on for the last person seen on this device, Speak reads the rounds kept ahead),
// records a round of five with the fake microphone, closes the page and opens another still offline: five
// wait in the queue. Back online the queue sends them: exactly five are stored and the queue empties.
// axe checks the offline page and the queue's panel with waiting takes.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_ROUND_SIZE } from '@platform/contracts';
import { launchChromium } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { settledForAxe } from '../support/waiting';
import { fakeMicrophoneArgs, makeFakeMicrophoneFiles } from '../contribute/audio-files';
import type { FakeMicrophoneFiles } from '../contribute/audio-files';
import { createPerson } from '../contribute/people';
import type { Person } from '../contribute/people';
import {
  OFFLINE_WORDS,
  contextFor,
  controlledByWorker,
  keptAhead,
  openPage,
  queueButton,
  queueEmptied,
  remoteHeadingShown,
  settlesAt,
  statsOf,
} from './offline-pages';

jest.setTimeout(240_000);

/** Long enough for the spoken sentence, well inside the 1-15 s the server accepts. */
const TAKE_MS = 2500;

let files: FakeMicrophoneFiles;
let browser: Browser;
let context: BrowserContext;
let speaker: Person;
const pageErrors: string[] = [];

beforeAll(async () => {
  files = makeFakeMicrophoneFiles();
  browser = await launchChromium(fakeMicrophoneArgs(files.speech));
  speaker = await createPerson('Folake');
  context = await contextFor(browser, speaker);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

async function recordAndSubmit(page: Page): Promise<string> {
  const text = page.getByTestId('sentence-text');
  await text.waitFor({ timeout: 20_000 });
  const sentence = (await text.textContent())!.trim();
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await page.getByRole('button', { name: 'Stop recording' }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(TAKE_MS);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Re-record' }).waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  return sentence;
}

describe('Speak offline', () => {
  let offlinePage: Page;

  it('a page reloaded with no network records a round of five; a new page still offline shows them waiting', async () => {
    const page = await openPage(context, '/user/speak', pageErrors);
    await controlledByWorker(page);
    // The rounds after the one on screen are kept on the device while online.
    await keptAhead(page, 'sentences', 2 * DEFAULT_ROUND_SIZE);

    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await remoteHeadingShown(page);
    // The shell went on for the person seen here before: Speak, not "we could not check your session".
    await page.getByText(OFFLINE_WORDS).waitFor({ timeout: 15_000 });
    expect(await page.getByText('We could not check whether you are signed in').count()).toBe(0);

    const recorded: string[] = [];
    for (let n = 1; n <= DEFAULT_ROUND_SIZE; n += 1) {
      const sentence = await recordAndSubmit(page);
      expect(recorded).not.toContain(sentence);
      recorded.push(sentence);
      await queueButton(page)
        .filter({ hasText: `${n} waiting` })
        .waitFor({ timeout: 15_000 });
    }
    await page.close();

    offlinePage = await openPage(context, '/user/speak', pageErrors);
    await queueButton(offlinePage)
      .filter({ hasText: `${DEFAULT_ROUND_SIZE} waiting` })
      .waitFor({ timeout: 15_000 });
    expect((await queueButton(offlinePage).textContent())?.trim()).toBe(`${DEFAULT_ROUND_SIZE} waiting`);
    expect((await statsOf(speaker)).recordings.submitted).toBe(0);
  });

  it('the offline page and the queue panel with waiting takes have no serious accessibility violations', async () => {
    const page = offlinePage;
    await page.getByText(OFFLINE_WORDS).waitFor();
    await settledForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);

    await queueButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Saved on this device' });
    await panel.waitFor();
    expect(await panel.getByTestId('queued-contribution').count()).toBe(DEFAULT_ROUND_SIZE);
    await settledForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('back online, the queue sends the five: exactly five are stored for that person and the queue empties', async () => {
    await context.setOffline(false);
    await queueEmptied(offlinePage);
    expect(
      await settlesAt(async () => (await statsOf(speaker)).recordings.submitted, DEFAULT_ROUND_SIZE),
    ).toBe(DEFAULT_ROUND_SIZE);
    // Nothing more comes later (a second send of any take would show here).
    await offlinePage.waitForTimeout(2000);
    expect((await statsOf(speaker)).recordings.submitted).toBe(DEFAULT_ROUND_SIZE);
    await offlinePage.getByText(OFFLINE_WORDS).waitFor({ state: 'detached', timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });
});
