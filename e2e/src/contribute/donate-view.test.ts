// Donate Your Voice and View Audio Pairs end to end, in Chromium with a fake microphone fed a real spoken
// file: a person donates both sides of an approved text pair with a dialect on /data/donate and the counter
// advances; a reviewer finds the donation on /data/view-audio-pair by its filters (kept in the URL across a
// reload), plays both sides, and approves it; the status then shows approved to the reviewer and to the
// donor; a contributor without the reviewer role sees only their own rows, and not others' audio.
import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AudioPairRecord } from '@platform/contracts';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { fakeMicrophoneArgs, makeFakeMicrophoneFiles } from './audio-files';
import type { FakeMicrophoneFiles } from './audio-files';
import { approvedTextPair, donateByApi, listedPairs, offerOneOf } from './donations';
import type { PairText } from './donations';
import { PeoplePages, seeText, toast } from './pages';
import { asPerson, createPerson } from './people';
import type { Person } from './people';

jest.setTimeout(240_000);

/** Long enough for a spoken phrase, well inside the 1-30 s the server accepts. */
const TAKE_MS = 2500;

const PAIRS: PairText[] = [
  {
    source_lang_text: 'The farmer carried yams to the village market.',
    target_lang_text: 'Àgbẹ̀ náà gbé iṣu lọ sí ọjà abúlé.',
    text_category: 'cultural',
  },
  {
    source_lang_text: 'Please close the window before it rains.',
    target_lang_text: 'Jọ̀wọ́ ti fèrèsé kí òjò tó rọ̀.',
    text_category: 'conversational',
  },
];

let files: FakeMicrophoneFiles;
let browser: Browser;
let pages: PeoplePages;
let donor: Person;
let otherDonor: Person;
let reviewer: Person;
let pairIds: string[] = [];

/** The donation made on screen, as the API lists it to its donor. */
let donated: AudioPairRecord;
/** Another person's donation, made through the API, in another dialect. */
let othersDonation: AudioPairRecord;

beforeAll(async () => {
  files = makeFakeMicrophoneFiles();
  browser = await launchChromium(fakeMicrophoneArgs(files.speech));
  pages = new PeoplePages(browser);
  const [author, first, second] = await Promise.all([
    createPerson('Tunde'),
    createPerson('Bisi'),
    createPerson('Chidi'),
  ]);
  [donor, otherDonor, reviewer] = await Promise.all([
    createPerson('Funmi'),
    createPerson('Emeka'),
    createPerson('Ngozi', 'reviewer'),
  ]);
  pairIds = [];
  for (const pair of PAIRS) pairIds.push(await approvedTextPair(author, [first, second], pair));
});

afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

const counter = (page: Page): Locator =>
  page
    .getByTestId('donate-counter')
    .or(page.getByText(/Contribution \d+ of \d+/))
    .first();

async function counterValue(page: Page): Promise<{ n: number; of: number }> {
  const text = (await counter(page).textContent()) ?? '';
  const match = /(\d+)\D+(\d+)/.exec(text);
  if (!match) throw new Error(`no 'Contribution N of M' in "${text}"`);
  return { n: Number(match[1]), of: Number(match[2]) };
}

/** One side of the Donate card: its panel when the screen marks it, else the whole page. */
const side = (page: Page, which: 'english' | 'yoruba'): Locator => page.locator(`[data-side="${which}"]`);

/** Records one take of TAKE_MS on one side with the fake microphone: Record, then Stop, then Play shows. */
async function recordSide(page: Page, which: 'english' | 'yoruba'): Promise<void> {
  const language = which === 'english' ? 'English' : 'Yoruba';
  const panel = side(page, which);
  await panel.getByRole('button', { name: new RegExp(`^Record ${language}`) }).click();
  const stop = panel.getByRole('button', { name: /^Stop/ });
  await stop.waitFor({ timeout: 10_000 });
  await page.waitForTimeout(TAKE_MS);
  await stop.click();
  await panel.getByRole('button', { name: /^Play/ }).waitFor({ timeout: 10_000 });
}

/** The row of View Audio Pairs' table that shows `audioId`. */
const row = (page: Page, audioId: string): Locator =>
  page.getByRole('table', { name: 'Donated audio pairs' }).getByRole('row').filter({ hasText: audioId });

/** Plays one of the row's players for a moment; resolves with what the audio element says of itself. */
async function play(player: Locator) {
  return player.evaluate(async (element) => {
    const audio = element as HTMLAudioElement;
    await audio.play();
    await new Promise<void>((resolve) => {
      const done = () => (audio.currentTime > 0.2 ? resolve() : setTimeout(done, 50));
      done();
    });
    audio.pause();
    return {
      error: audio.error?.code ?? null,
      readyState: audio.readyState,
      duration: audio.duration,
      currentTime: audio.currentTime,
    };
  });
}

describe('Donate Your Voice and View Audio Pairs, end to end', () => {
  it('a person donates both sides of an approved pair with a dialect; the counter advances', async () => {
    const offered = await offerOneOf(donor, pairIds);
    const pair = PAIRS[pairIds.indexOf(offered)]!;
    const page = await pages.open(donor, '/data/donate', 'mf_contribute');
    await seeText(page, pair.source_lang_text, 20_000);
    await seeText(page, pair.target_lang_text);
    await counter(page).waitFor({ timeout: 15_000 });
    const before = await counterValue(page);

    const submit = page.getByRole('button', { name: /^Submit/ });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: /Dialect/ }).selectOption('ekiti-yoruba');
    await recordSide(page, 'english');
    expect(await submit.isDisabled()).toBe(true);
    await recordSide(page, 'yoruba');
    await submit.and(page.locator(':enabled')).waitFor({ timeout: 10_000 });
    await submit.click();
    await toast(page, 'Both audios submitted successfully!').waitFor({ timeout: 30_000 });

    // The donated pair gives way to the next one, and the counter moves one further. Its total may have
    // grown meanwhile: other files' pairs approved just before reach the speech service by its sync.
    await page
      .getByText(pair.source_lang_text, { exact: true })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await counter(page)
      .filter({ hasText: new RegExp(`\\b${before.n + 1}\\D+\\d+\\b`) })
      .waitFor({ timeout: 15_000 });
    const after = await counterValue(page);
    expect(after.n).toBe(before.n + 1);
    expect(after.of).toBeGreaterThanOrEqual(before.of);

    const own = await listedPairs(donor);
    expect(own.total).toBe(1);
    donated = own.items[0]!;
    expect(donated).toMatchObject({
      text_id: offered,
      user_dialect: 'ekiti-yoruba',
      status: 'pending',
      source_lang_text: pair.source_lang_text,
      target_lang_text: pair.target_lang_text,
    });
    expect(donated.source_duration_ms).toBeGreaterThanOrEqual(1000);
    expect(donated.target_duration_ms).toBeGreaterThanOrEqual(1000);
    expect(pages.pageErrors).toEqual([]);
  });

  it('a reviewer finds it by its filters (kept across a reload), plays both sides and approves it', async () => {
    expect(donated).toBeDefined();
    // Someone else's donation in another dialect, which the filter must leave out.
    othersDonation = await donateByApi(otherDonor, pairIds[0]!, 'standard-yoruba', files.speech);

    const page = await pages.open(reviewer, '/data/view-audio-pair', 'mf_datasets');
    await row(page, othersDonation.audio_id).waitFor({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Dialect' }).selectOption('ekiti-yoruba');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    // The filters reach the address through the history API, which waitForURL's wait for a navigation missed.
    await page.waitForFunction(
      () =>
        `${location.pathname}${location.search}` ===
        '/data/view-audio-pair?dialect=ekiti-yoruba&status=pending',
      undefined,
      { timeout: 15_000 },
    );
    await row(page, donated.audio_id).waitFor({ timeout: 15_000 });
    expect(await row(page, othersDonation.audio_id).count()).toBe(0);

    // A reload (or the link shared) shows the same view.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await row(page, donated.audio_id).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('combobox', { name: 'Dialect' }).inputValue()).toBe('ekiti-yoruba');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('pending');
    expect(await row(page, othersDonation.audio_id).count()).toBe(0);

    // The table with its players and decision buttons passes axe-core.
    expect(await seriousViolations(page)).toEqual([]);

    const found = row(page, donated.audio_id);
    expect(await found.textContent()).toContain(donated.source_lang_text);
    expect(await found.textContent()).toContain('Ekiti Yoruba');
    for (const language of ['English', 'Yoruba']) {
      const player = found.getByLabel(`${language} audio for ID ${donated.audio_id}`);
      const played = await play(player);
      expect(played.error).toBeNull();
      expect(played.readyState).toBeGreaterThanOrEqual(2);
      expect(played.duration).toBeGreaterThan(1);
      expect(played.currentTime).toBeGreaterThan(0);
    }
    expect(await found.getByText(/Failed to load/).count()).toBe(0);

    await found.getByRole('button', { name: `Approve audio pair ${donated.audio_id}` }).click();
    await toast(page, 'Audio pair approved.').waitFor({ timeout: 20_000 });
    // Approved, it leaves the pending view...
    await row(page, donated.audio_id).waitFor({ state: 'detached', timeout: 15_000 });
    // ...and shows under Approved, with who decided and when.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('approved');
    const approved = row(page, donated.audio_id);
    await approved.waitFor({ timeout: 15_000 });
    expect(await approved.locator('[data-status]').getAttribute('data-status')).toBe('approved');
    expect(await approved.getByTestId('audio-pair-decision').textContent()).toMatch(/^Approved by \S+ on /);
    expect(await approved.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);

    // Deciding it again is refused.
    const again = await asPerson(reviewer, `/api/audio/${donated.audio_id}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'rejected', reason: 'again' }),
    });
    expect(again.status).toBe(409);
    expect(pages.pageErrors).toEqual([]);
  });

  it('the donor sees the pair approved, and only their own rows without decision buttons', async () => {
    const page = await pages.open(donor, '/data/view-audio-pair', 'mf_datasets');
    const own = row(page, donated.audio_id);
    await own.waitFor({ timeout: 20_000 });
    expect(await own.locator('[data-status]').getAttribute('data-status')).toBe('approved');
    await seeText(page, 'You see the audio pairs you donated.');
    const table = page.getByRole('table', { name: 'Donated audio pairs' });
    // One row: theirs; not the other person's.
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await row(page, othersDonation.audio_id).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: 'Review' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Approve|^Reject/ }).count()).toBe(0);
    // Their own audio plays for them.
    const played = await play(own.getByLabel(`English audio for ID ${donated.audio_id}`));
    expect(played.error).toBeNull();
    expect(played.duration).toBeGreaterThan(1);
    expect(pages.pageErrors).toEqual([]);
  });

  it("a contributor without the role sees only their own rows, and neither hears nor decides others'", async () => {
    const page = await pages.open(otherDonor, '/data/view-audio-pair', 'mf_datasets');
    await row(page, othersDonation.audio_id).waitFor({ timeout: 20_000 });
    const table = page.getByRole('table', { name: 'Donated audio pairs' });
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await row(page, donated.audio_id).count()).toBe(0);
    // Filtering to another dialect leaves them nothing: the SPEC's empty message.
    await page.getByRole('combobox', { name: 'Dialect' }).selectOption('ekiti-yoruba');
    await seeText(page, 'No audio pairs found for the selected filters.');

    const listed = await listedPairs(otherDonor);
    expect(listed.items.map((p) => p.audio_id)).toEqual([othersDonation.audio_id]);
    expect((await listedPairs(reviewer)).total).toBeGreaterThanOrEqual(2);

    const file = donated.source_lang_audio.replace(/^audio\//, '');
    expect((await asPerson(otherDonor, `/audio/${file}`)).status).toBe(404);
    expect((await asPerson(reviewer, `/audio/${file}`)).status).toBe(200);
    const decide = await asPerson(otherDonor, `/api/audio/${othersDonation.audio_id}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(decide.status).toBe(403);
  });
});
