// Speak and Listen end to end, in Chromium with a fake microphone fed a real speech file: one person records a full
// round of five and sees the circles fill; two other people each hear the first of those recordings on
// Listen and vote YES; it becomes validated and no longer appears; the first person's stats show it.
// Takes and votes are saved on the device and sent by the queue of contributions while the person goes on.
// A silent take is refused with the server's message on screen, and Listen shows its empty state once
// nothing is left to check.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_ROUND_SIZE, RECORDING_MESSAGES } from '@platform/contracts';
import { launchChromium } from '../support/browser';
import { siteUrl } from '../support/platform';
import { remoteSection } from '../support/shell-page';
import { fakeMicrophoneArgs, makeFakeMicrophoneFiles } from './audio-files';
import type { FakeMicrophoneFiles } from './audio-files';
import { asPerson, createPerson } from './people';
import type { Person } from './people';

jest.setTimeout(180_000);

const EMPTY_TITLE = 'No recordings available for validation at this time.';
const EMPTY_HINT = 'Please check back later or contribute your own recordings.';
/** Long enough for the spoken sentence, well inside the 1-15 s the server accepts. */
const TAKE_MS = 3000;

let files: FakeMicrophoneFiles;
let speakingBrowser: Browser;
let silentBrowser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

let speaker: Person;
const recordedSentences: string[] = [];

async function pageAs(browser: Browser, person: Person, pathname: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.addCookies([{ name: 'plt', value: person.session, url: siteUrl() }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${person.firstname}: ${error.message}`));
  await page.goto(`${siteUrl()}${pathname}`, { waitUntil: 'domcontentloaded' });
  await remoteSection(page, 'mf_contribute').locator('h1').waitFor({ state: 'visible', timeout: 20_000 });
  return page;
}

const circles = (page: Page) => page.getByRole('list', { name: 'Round progress' }).getByRole('listitem');
const circleStates = (page: Page) =>
  circles(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-state')));
const toast = (page: Page, title: string) =>
  page.getByTestId('toast-viewport').getByText(title, { exact: true });

/** Waits until the queue of contributions saved on the device is empty: the server has them all. */
const queueSent = (page: Page) =>
  page.getByTestId('contribution-queue').getByRole('button').waitFor({ state: 'detached', timeout: 30_000 });

/** Records one take of TAKE_MS with the fake microphone. */
async function recordTake(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await page.getByRole('button', { name: 'Stop recording' }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(TAKE_MS);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Re-record' }).waitFor({ timeout: 10_000 });
}

async function currentSentence(page: Page): Promise<string> {
  const text = page.getByTestId('sentence-text');
  await text.waitFor({ timeout: 20_000 });
  return (await text.textContent())!.trim();
}

/** Plays the clip on Listen and waits until YES unlocks (the clip played through). */
async function listenThrough(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'YES' }).and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
}

async function listenSentence(page: Page): Promise<string | null> {
  const sentence = page.getByTestId('recording-sentence');
  const empty = page.getByText(EMPTY_TITLE);
  await sentence.or(empty).first().waitFor({ timeout: 20_000 });
  if (await empty.isVisible()) return null;
  return (await sentence.textContent())!.trim();
}

beforeAll(async () => {
  files = makeFakeMicrophoneFiles();
  speakingBrowser = await launchChromium(fakeMicrophoneArgs(files.speech));
  silentBrowser = await launchChromium(fakeMicrophoneArgs(files.silence));
  speaker = await createPerson('Adebayo');
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await speakingBrowser?.close();
  await silentBrowser?.close();
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

describe('Speak and Listen, end to end', () => {
  it('records a full round of five: SUBMIT waits for a take and the circles fill one by one', async () => {
    const page = await pageAs(speakingBrowser, speaker, '/user/speak');
    await page.getByText('then read the sentence aloud').waitFor({ timeout: 20_000 });
    expect(await circles(page).count()).toBe(DEFAULT_ROUND_SIZE);
    expect(await circleStates(page)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);

    for (let n = 1; n <= DEFAULT_ROUND_SIZE; n += 1) {
      const sentence = await currentSentence(page);
      expect(recordedSentences).not.toContain(sentence);
      const submit = page.getByRole('button', { name: 'SUBMIT' });
      expect(await submit.isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Record', exact: true }).click();
      await page.getByRole('button', { name: 'Stop recording' }).waitFor({ timeout: 10_000 });
      if (n === 1) {
        // The live waveform follows the (fake) microphone.
        await page.waitForFunction(
          () => Number(document.querySelector('[data-testid="waveform"]')?.getAttribute('data-peak')) > 0.05,
          undefined,
          { timeout: 10_000 },
        );
      }
      await page.waitForTimeout(TAKE_MS);
      await page.getByRole('button', { name: 'Stop recording' }).click();
      await page.getByRole('button', { name: 'Re-record' }).waitFor({ timeout: 10_000 });
      expect(await submit.isEnabled()).toBe(true);

      await submit.click();
      await toast(page, 'Recording saved').waitFor({ timeout: 20_000 });
      recordedSentences.push(sentence);
      if (n < DEFAULT_ROUND_SIZE) {
        await page
          .getByRole('list', { name: 'Round progress' })
          .locator(`li:nth-child(${n + 1})[data-state="current"]`)
          .waitFor();
        const states = await circleStates(page);
        expect(states.filter((s) => s === 'done')).toHaveLength(n);
        expect(states[n]).toBe('current');
        expect(
          await circles(page)
            .nth(n - 1)
            .getAttribute('aria-label'),
        ).toBe(`Sentence ${n} of ${DEFAULT_ROUND_SIZE}: recorded`);
      }
    }

    // After the fifth a new round starts at circle 1, with sentences not yet recorded by this person.
    await page.waitForFunction(
      (done) => {
        const text = document.querySelector('[data-testid="sentence-text"]')?.textContent?.trim();
        const first = document.querySelector('[aria-label="Round progress"] li');
        return text && !done.includes(text) && first?.getAttribute('data-state') === 'current';
      },
      recordedSentences,
      { timeout: 20_000 },
    );
    expect(await circleStates(page)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    await queueSent(page);
    await page.locator('[data-stat="submitted"]').filter({ hasText: '5 recordings submitted' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('two other people each hear the first recording on Listen and vote YES; it becomes validated', async () => {
    const target = recordedSentences[0]!;
    expect(target).toBeTruthy();

    // The first listener gets the oldest of the equally unvoted recordings: the first one recorded.
    const first = await pageAs(speakingBrowser, await createPerson('Bola'), '/user/listen');
    expect(await listenSentence(first)).toBe(target);
    const yes = first.getByRole('button', { name: 'YES' });
    const no = first.getByRole('button', { name: 'NO' });
    expect(await yes.isDisabled()).toBe(true);
    expect(await no.isDisabled()).toBe(true);
    await listenThrough(first);
    expect(await no.isEnabled()).toBe(true);
    await yes.click();
    await toast(first, 'Vote saved').waitFor({ timeout: 15_000 });
    expect(await listenSentence(first)).not.toBe(target);
    await queueSent(first);

    // The second listener is offered the unvoted ones first; they pass those until the target comes.
    const second = await pageAs(speakingBrowser, await createPerson('Chidi'), '/user/listen');
    let voted = false;
    for (let i = 0; i < 10 && !voted; i += 1) {
      const sentence = await listenSentence(second);
      if (sentence === null) break;
      if (sentence !== target) {
        await second.getByRole('button', { name: 'Skip' }).click();
        await second.waitForFunction(
          (s) => document.querySelector('[data-testid="recording-sentence"]')?.textContent?.trim() !== s,
          sentence,
        );
        continue;
      }
      await listenThrough(second);
      await second.getByRole('button', { name: 'YES' }).click();
      await toast(second, 'Vote saved').waitFor({ timeout: 15_000 });
      await queueSent(second);
      voted = true;
    }
    expect(voted).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('the validated recording no longer appears, and Listen shows its empty state when nothing is left', async () => {
    const target = recordedSentences[0]!;
    const page = await pageAs(speakingBrowser, await createPerson('Dayo'), '/user/listen');
    const seen: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const sentence = await listenSentence(page);
      if (sentence === null) break;
      seen.push(sentence);
      await page.getByRole('button', { name: 'Skip' }).click();
      await page.waitForFunction(
        (s) => document.querySelector('[data-testid="recording-sentence"]')?.textContent?.trim() !== s,
        sentence,
      );
    }
    expect(seen.sort()).toEqual(recordedSentences.slice(1).sort());
    expect(seen).not.toContain(target);
    await page.getByText(EMPTY_TITLE).waitFor();
    await page.getByText(EMPTY_HINT).waitFor();
  });

  it("the first person's stats show the validated recording, and their own recordings are never theirs to judge", async () => {
    const stats = (await (await asPerson(speaker, '/api/user/stats')).json()) as {
      recordings: { submitted: number; validated: number };
    };
    expect(stats.recordings).toEqual({ submitted: 5, validated: 1 });

    const page = await pageAs(speakingBrowser, speaker, '/user/listen');
    await page
      .locator('[data-stat="validated"]')
      .filter({ hasText: '1 validated' })
      .waitFor({ timeout: 15_000 });
    await page.locator('[data-stat="submitted"]').filter({ hasText: '5 recordings submitted' }).waitFor();
    // Everything undecided left is this person's own, so there is nothing for them to check.
    await page.getByText(EMPTY_TITLE).waitFor({ timeout: 15_000 });
  });

  it('a silent take is refused with the message on screen, and kept on the device with the reason', async () => {
    const page = await pageAs(silentBrowser, await createPerson('Emeka'), '/user/speak');
    const sentence = await currentSentence(page);
    await recordTake(page);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    // The round went on at once; the refusal comes when the server has answered.
    await toast(page, 'Recording not accepted').waitFor({ timeout: 20_000 });
    await page.getByTestId('toast-viewport').getByText(RECORDING_MESSAGES.silent).waitFor();
    expect((await circleStates(page))[0]).toBe('done');
    await page.getByRole('button', { name: '1 waiting · 1 not sent' }).click();
    const item = page
      .getByRole('dialog', { name: 'Saved on this device' })
      .getByTestId('queued-contribution');
    await item.waitFor();
    expect(await item.textContent()).toContain(sentence);
    expect(await item.textContent()).toContain(`Not sent: ${RECORDING_MESSAGES.silent}`);
    expect(pageErrors).toEqual([]);
  });
});
