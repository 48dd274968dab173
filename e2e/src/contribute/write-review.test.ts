// Write and Review end to end, in Chromium: a person writes a Yoruba sentence on /user/write; two other
// people approve it on /user/review; it then comes up in a Speak round. A batch with good and bad lines
// shows both counts and each refused line's reason; a bulk .csv upload shows its progress and then its
// outcome; each mode of Write says the SPEC's words for empty input.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ERROR_MESSAGES, type SentenceRound, type UserStats } from '@platform/contracts';
import { launchChromium } from '../support/browser';
import { asPerson, createPerson } from './people';
import type { Person } from './people';
import { PeoplePages, seeText, toast } from './pages';
import { approveOnScreen, chooseReviewMode, skipUntilOffered } from './review';

jest.setTimeout(180_000);

const REMOTE = 'mf_contribute';
const CITATION = 'Written for the end-to-end tests, shared under CC0.';

/** Not in the starter set, and not written by any other test. */
const SINGLE = 'Ọmọ mi fẹ́ràn láti ka ìwé ìtàn ní alẹ́.';
const BATCH_GOOD = ['Àgbẹ̀ náà gbin àgbàdo sí oko rẹ̀.', 'Ìyá mi ń se ọbẹ̀ ẹ̀fọ́ lónìí.'];
const BATCH_BAD = [
  { text: 'Mo ra ẹja 3 lọ́jà.', reason: ERROR_MESSAGES['sentence.has_digits'] },
  { text: 'Mo fe lo si oja ni ola.', reason: ERROR_MESSAGES['sentence.needs_tone_marks'] },
];
const BULK_GOOD = ['Àwọn ẹyẹ ń kọrin lórí igi ọsàn.', 'Òjò rọ̀ púpọ̀ ní ìlú wa lánàá.'];
const BULK_BAD = { text: 'Bàbá mi ní ọkọ̀ 2.', reason: ERROR_MESSAGES['sentence.has_digits'] };

let browser: Browser;
let pages: PeoplePages;
let writer: Person;
let tmp: string;

beforeAll(async () => {
  browser = await launchChromium();
  pages = new PeoplePages(browser);
  writer = await createPerson('Funmilayo');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-write-'));
});

afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Write's tabs: single sentence, small batch, large bulk file. */
async function chooseMode(page: Page, mode: RegExp): Promise<void> {
  await page.getByRole('tab', { name: mode }).click();
  await page.getByRole('tab', { name: mode, selected: true }).waitFor();
}

/** The citation, Yoruba as the language, and the CC0 confirmation every mode asks for. */
async function fillCommonFields(page: Page): Promise<void> {
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('combobox', { name: 'Language', exact: true }).selectOption('yo');
  await panel.getByRole('textbox', { name: /Citation/ }).fill(CITATION);
  await panel.getByRole('checkbox', { name: /public domain/ }).check();
}

/** Submit (single sentence, batch) or Upload file (bulk). */
const submitButton = (page: Page, name: 'Submit' | 'Upload file' = 'Submit') =>
  page.getByRole('tabpanel').getByRole('button', { name, exact: true });

/** The per-line outcome of a batch or a file: its two counts, and the refused lines with their reasons. */
async function expectOutcome(
  page: Page,
  counts: { accepted: string; refused: string },
  refused: ReadonlyArray<{ text: string; reason: string }>,
): Promise<void> {
  const outcome = page.getByTestId('line-outcome');
  await outcome.waitFor({ timeout: 20_000 });
  expect((await outcome.locator('[data-count="accepted"]').textContent())?.trim()).toBe(counts.accepted);
  expect((await outcome.locator('[data-count="refused"]').textContent())?.trim()).toBe(counts.refused);
  const rows = outcome.getByRole('row');
  for (const bad of refused) {
    const row = rows.filter({ hasText: bad.text });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(bad.reason);
  }
}

/**
 * Makes `text` the only Yoruba sentence left for `person` to record: asks for rounds of 20 and skips every
 * other sentence offered (as Skip on Speak does) until a round holds that one alone. Approval reaches Speak through the
 * speech service's sentence sync, so the first rounds may not have it yet.
 */
async function leaveOnlyInSpeakRound(person: Person, text: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await asPerson(person, '/api/sentences?lang=yo&count=20');
    expect(res.status).toBe(200);
    const round = (await res.json()) as SentenceRound;
    const others = round.filter((s) => s.text !== text);
    for (const s of others) {
      const skip = await asPerson(person, `/api/sentences/${s.id}/skip`, { method: 'POST' });
      expect(skip.status).toBe(200);
    }
    // Only the new sentence is left for this person to record.
    if (round.length === 1 && others.length === 0) return;
    // Everything else is skipped and the sentence has not arrived yet: the sync brings it within seconds.
    if (round.length === 0) await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`"${text}" never came up in a Speak round`);
}

describe('Write and Review, end to end', () => {
  it('each mode of Write says what is missing when it is sent empty, and sends nothing', async () => {
    const page = await pages.open(writer, '/user/write', REMOTE);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/sentences')) sent.push(r.url());
    });

    await chooseMode(page, /single/i);
    await submitButton(page).click();
    await seeText(page, 'Please enter a sentence');

    await chooseMode(page, /batch/i);
    await submitButton(page).click();
    await seeText(page, 'Please enter batch sentences');

    await chooseMode(page, /bulk/i);
    await submitButton(page, 'Upload file').click();
    await seeText(page, 'Please select a file to upload');

    expect(sent).toEqual([]);
    expect(pages.pageErrors).toEqual([]);
  });

  it('a person writes a Yoruba sentence; it is taken in for review and the fields are cleared', async () => {
    const page = await pages.open(writer, '/user/write', REMOTE);
    await chooseMode(page, /single/i);
    const sentence = page
      .getByRole('tabpanel')
      .getByRole('textbox', { name: /sentence/i })
      .first();
    await sentence.fill(SINGLE);
    await fillCommonFields(page);
    await submitButton(page).click();
    await toast(page, 'Your sentence has been submitted!').waitFor({ timeout: 20_000 });
    expect(await sentence.inputValue()).toBe('');

    const stats = (await (await asPerson(writer, '/api/user/stats')).json()) as UserStats;
    expect(stats.sentences).toEqual({ written: 1, approved: 0 });
    // Pending: nobody can record it yet.
    const round = (await (await asPerson(writer, '/api/sentences?lang=yo&count=20')).json()) as SentenceRound;
    expect(round.map((s) => s.text)).not.toContain(SINGLE);
    expect(pages.pageErrors).toEqual([]);
  });

  it('the writer is never offered their own sentence; two other people approve it in Review', async () => {
    const own = (await (await asPerson(writer, '/api/review/next?kind=sentence')).json()) as {
      item: { text?: string } | null;
    };
    expect(own.item?.text).not.toBe(SINGLE);

    for (const name of ['Gbenga', 'Halima']) {
      const reviewer = await createPerson(name);
      await skipUntilOffered(reviewer, 'sentence', SINGLE);
      const page = await pages.open(reviewer, '/user/review', REMOTE);
      await chooseReviewMode(page, 'sentence');
      await approveOnScreen(page, SINGLE);
    }

    const stats = (await (await asPerson(writer, '/api/user/stats')).json()) as UserStats;
    expect(stats.sentences).toEqual({ written: 1, approved: 1 });
    expect(pages.pageErrors).toEqual([]);
  });

  it('the approved sentence then comes up in a Speak round', async () => {
    const speaker = await createPerson('Ifeoma');
    await leaveOnlyInSpeakRound(speaker, SINGLE);
    const page = await pages.open(speaker, '/user/speak', REMOTE);
    const shown = page.getByTestId('sentence-text');
    await shown.waitFor({ timeout: 20_000 });
    expect((await shown.textContent())?.trim()).toBe(SINGLE);
    expect(pages.pageErrors).toEqual([]);
  });

  it('a batch with good and bad lines shows both counts and the reason for each refused line', async () => {
    const page = await pages.open(writer, '/user/write', REMOTE);
    await chooseMode(page, /batch/i);
    const lines = [BATCH_GOOD[0], BATCH_BAD[0]!.text, '', BATCH_GOOD[1], BATCH_BAD[1]!.text].join('\n');
    await page
      .getByRole('tabpanel')
      .getByRole('textbox', { name: /one per line/ })
      .fill(lines);
    await fillCommonFields(page);
    await submitButton(page).click();
    await toast(page, 'Your batch sentences have been submitted!').waitFor({ timeout: 20_000 });

    await expectOutcome(
      page,
      { accepted: '2 sentences accepted', refused: '2 sentences refused' },
      BATCH_BAD,
    );

    const stats = (await (await asPerson(writer, '/api/user/stats')).json()) as UserStats;
    expect(stats.sentences.written).toBe(3);
    expect(pages.pageErrors).toEqual([]);
  });

  it('a bulk .csv upload shows its progress, then its outcome', async () => {
    // The sentences are the first column; a wide second column makes the upload long enough to watch.
    const filler = 'n'.repeat(40_000);
    const rows = ['sentence,note', ...[...BULK_GOOD, BULK_BAD.text].map((s) => `"${s}",${filler}`)];
    const file = path.join(tmp, 'sentences.csv');
    fs.writeFileSync(file, `${rows.join('\n')}\n`, 'utf8');

    const page = await pages.open(writer, '/user/write', REMOTE);
    await chooseMode(page, /bulk/i);
    await page.getByRole('tabpanel').locator('input[type="file"]').setInputFiles(file);
    await fillCommonFields(page);

    // Every value the progress bar shows, caught as it changes (not sampled on a timer).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __progress: number[] }).__progress = seen;
      const read = () => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const value = Number(bar.getAttribute('aria-valuenow'));
          if (Number.isFinite(value) && seen[seen.length - 1] !== value) seen.push(value);
        }
      };
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    // A slow uplink, so the upload takes a few seconds and its bytes are reported as they go.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });

    await submitButton(page, 'Upload file').click();
    await toast(page, 'Your file has been uploaded and processed!').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.some((v) => v > 0 && v < 100)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(progress[progress.length - 1]).toBe(100);

    await expectOutcome(page, { accepted: '2 sentences accepted', refused: '1 sentence refused' }, [
      BULK_BAD,
    ]);

    const stats = (await (await asPerson(writer, '/api/user/stats')).json()) as UserStats;
    expect(stats.sentences.written).toBe(5);
    expect(pages.pageErrors).toEqual([]);
  });
});
