// Listen and Write with no connection, end to end in Chromium with the site's service worker: while online
// Listen keeps the next clips with their audio on the device; offline (after a reload the worker serves) it
// plays those clips and the person's votes wait in the queue; Write takes a sentence into the same queue.
// Back online the queue sends them and each is stored once.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { navigateInApp } from '../support/shell-page';
import { fakeMicrophoneArgs, makeFakeMicrophoneFiles } from '../contribute/audio-files';
import type { FakeMicrophoneFiles } from '../contribute/audio-files';
import { createPerson, validatedRecording } from '../contribute/people';
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

const SENTENCE = 'Àwọn ọmọdé ń ṣeré nínú ọgbà ilé ìwé.';

let files: FakeMicrophoneFiles;
let browser: Browser;
let context: BrowserContext;
let listener: Person;
const pageErrors: string[] = [];

beforeAll(async () => {
  files = makeFakeMicrophoneFiles();
  browser = await launchChromium(fakeMicrophoneArgs(files.speech));
  const speaker = await createPerson('Kunle');
  const wav = fs.readFileSync(files.speech);
  for (let i = 0; i < 3; i += 1) await validatedRecording(speaker, [], wav);
  listener = await createPerson('Lami');
  context = await contextFor(browser, listener);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

const clipSentence = async (page: Page) => {
  const sentence = page.getByTestId('recording-sentence');
  await sentence.waitFor({ timeout: 20_000 });
  return (await sentence.textContent())!.trim();
};

/** Plays the clip through (YES and NO unlock only then) and votes. */
async function listenAndVote(page: Page, vote: 'YES' | 'NO'): Promise<void> {
  const before = await clipSentence(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: vote }).and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: vote }).click();
  await page.waitForFunction(
    (s) => document.querySelector('[data-testid="recording-sentence"]')?.textContent?.trim() !== s,
    before,
    { timeout: 15_000 },
  );
}

describe('Listen and Write offline', () => {
  it('offline, Listen plays the clips kept ahead and its votes wait in the queue; Write queues a sentence; back online each is stored once', async () => {
    const page = await openPage(context, '/user/listen', pageErrors);
    await controlledByWorker(page);
    await keptAhead(page, 'clips', 2);

    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await remoteHeadingShown(page);
    await page.getByText(OFFLINE_WORDS).waitFor({ timeout: 15_000 });

    await listenAndVote(page, 'YES');
    await queueButton(page).filter({ hasText: '1 waiting' }).waitFor({ timeout: 15_000 });
    await listenAndVote(page, 'NO');
    await queueButton(page).filter({ hasText: '2 waiting' }).waitFor({ timeout: 15_000 });

    await navigateInApp(page, '/user/write');
    await remoteHeadingShown(page);
    await page.getByRole('tab', { name: /single/i }).click();
    const panel = page.getByRole('tabpanel');
    await panel
      .getByRole('textbox', { name: /sentence/i })
      .first()
      .fill(SENTENCE);
    await panel.getByRole('combobox', { name: 'Language', exact: true }).selectOption('yo');
    await panel
      .getByRole('textbox', { name: /Citation/ })
      .fill('Written for the end-to-end tests, shared under CC0.');
    await panel.getByRole('checkbox', { name: /public domain/ }).check();
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    await queueButton(page).filter({ hasText: '3 waiting' }).waitFor({ timeout: 15_000 });

    const nothingYet = await statsOf(listener);
    expect({ votes: nothingYet.votes, written: nothingYet.sentences.written }).toEqual({
      votes: 0,
      written: 0,
    });

    await context.setOffline(false);
    await queueEmptied(page);
    const stored = async () => {
      const stats = await statsOf(listener);
      return { votes: stats.votes, written: stats.sentences.written };
    };
    expect(await settlesAt(stored, { votes: 2, written: 1 })).toEqual({ votes: 2, written: 1 });
    await page.waitForTimeout(2000);
    expect(await stored()).toEqual({ votes: 2, written: 1 });
    expect(pageErrors).toEqual([]);
  });
});
