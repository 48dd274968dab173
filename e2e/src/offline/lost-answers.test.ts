// Exactly once, end to end in Chromium: the server stores a contribution but its answer never reaches the
// page (the connection drops after the server answered). The queue cannot tell that from a failed try and
// sends again with the same Idempotency-Key; the server answers as the first time and stores nothing more,
// and the page shows the contribution as sent. For a Speak take, a Listen vote and a Write sentence.
//
// The answer is dropped through Chromium's own interception at the response stage (CDP Fetch,
// requestStage 'Response', then Fetch.failRequest): the request has then reached the server and been answered.
// Playwright's route.fetch() would replay the request from Node instead, and it cannot replay a multipart body
// whose audio part is a Blob (Chromium gives no bytes for it), so a take would not arrive intact.
import fs from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { fakeMicrophoneArgs, makeFakeMicrophoneFiles } from '../contribute/audio-files';
import type { FakeMicrophoneFiles } from '../contribute/audio-files';
import { createPerson, validatedRecording } from '../contribute/people';
import type { Person } from '../contribute/people';
import { contextFor, openPage, queueEmptied, settlesAt, statsOf } from './offline-pages';

jest.setTimeout(180_000);

let files: FakeMicrophoneFiles;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  files = makeFakeMicrophoneFiles();
  browser = await launchChromium(fakeMicrophoneArgs(files.speech));
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

/** What the interception saw: POSTs answered by the server, and how many of those answers were dropped. */
interface AnswerLoss {
  answered: number[];
  dropped: number;
}

/**
 * Drops the first answer to a POST whose URL matches `pattern` (after the server has answered it); lets every
 * other request through untouched.
 */
async function loseFirstAnswer(page: Page, pattern: RegExp): Promise<AnswerLoss> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const loss: AnswerLoss = { answered: [], dropped: 0 };
  cdp.on(
    'Fetch.requestPaused',
    (event: { requestId: string; request: { url: string; method: string }; responseStatusCode?: number }) => {
      const ours = event.request.method === 'POST' && pattern.test(new URL(event.request.url).pathname);
      if (ours && event.responseStatusCode !== undefined) {
        loss.answered.push(event.responseStatusCode);
        if (loss.dropped === 0) {
          loss.dropped += 1;
          void cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'ConnectionReset' });
          return;
        }
      }
      void cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
    },
  );
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/*', requestStage: 'Response' }] });
  return loss;
}

async function pageAs(person: Person, pathname: string): Promise<Page> {
  // No worker here: the queue's tries are what is under test, and they pass the worker by anyway.
  const context = await contextFor(browser, person, 'block');
  contexts.push(context);
  return openPage(context, pathname, pageErrors);
}

/** The queue's "Retry now" (in its panel), so the test need not wait out the backoff after the lost answer. */
async function retryNow(page: Page): Promise<void> {
  const button = page.getByTestId('contribution-queue').getByRole('button').first();
  if (!(await button.isVisible().catch(() => false))) return;
  await button.click().catch(() => undefined);
  const retry = page
    .getByRole('dialog', { name: 'Saved on this device' })
    .getByRole('button', { name: 'Retry now' });
  if (
    await retry
      .first()
      .isVisible()
      .catch(() => false)
  )
    await retry
      .first()
      .click()
      .catch(() => undefined);
  await page.keyboard.press('Escape');
}

/** Waits until the queue is empty, hurrying its next try once the first answer was lost. */
async function sentDespiteLoss(page: Page, loss: AnswerLoss): Promise<void> {
  await settlesAt(async () => loss.dropped, 1);
  expect(loss.dropped).toBe(1);
  await retryNow(page);
  await queueEmptied(page);
  // The retry reached the server and was answered with the first answer (not refused as a duplicate).
  expect(loss.answered.length).toBeGreaterThanOrEqual(2);
  expect(loss.answered.every((status) => status >= 200 && status < 300)).toBe(true);
}

describe('a lost answer', () => {
  it('to a Speak take: the retry stores nothing more and the take shows as sent', async () => {
    const speaker = await createPerson('Gbenga');
    const page = await pageAs(speaker, '/user/speak');
    const loss = await loseFirstAnswer(page, /^\/api\/recordings$/);
    await page.getByTestId('sentence-text').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Re-record' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'SUBMIT' }).click();

    await sentDespiteLoss(page, loss);
    expect((await statsOf(speaker)).recordings.submitted).toBe(1);
  });

  it('to a Listen vote: the retry stores nothing more and the vote shows as sent', async () => {
    const speaker = await createPerson('Halima');
    await validatedRecording(speaker, [], fs.readFileSync(files.speech));
    const listener = await createPerson('Ifeoma');
    const page = await pageAs(listener, '/user/listen');
    const loss = await loseFirstAnswer(page, /^\/api\/recordings\/[^/]+\/validate$/);
    await page.getByTestId('recording-sentence').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page
      .getByRole('button', { name: 'YES' })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'YES' }).click();

    await sentDespiteLoss(page, loss);
    expect((await statsOf(listener)).votes).toBe(1);
  });

  it('to a written sentence: the retry stores nothing more and the sentence shows as sent', async () => {
    const writer = await createPerson('Jide');
    const page = await pageAs(writer, '/user/write');
    const loss = await loseFirstAnswer(page, /^\/api\/sentences$/);
    await page.getByRole('tab', { name: /single/i }).click();
    const panel = page.getByRole('tabpanel');
    await panel
      .getByRole('textbox', { name: /sentence/i })
      .first()
      .fill('Ẹ̀gbọ́n mi ń kọ́ ilé tuntun sí abúlé wa.');
    await panel.getByRole('combobox', { name: 'Language', exact: true }).selectOption('yo');
    await panel
      .getByRole('textbox', { name: /Citation/ })
      .fill('Written for the end-to-end tests, shared under CC0.');
    await panel.getByRole('checkbox', { name: /public domain/ }).check();
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();

    await sentDespiteLoss(page, loss);
    expect((await statsOf(writer)).sentences.written).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
