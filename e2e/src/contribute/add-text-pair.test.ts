// Add Text Pair end to end, in Chromium: the form asks for what is missing; a person adds an English–Yoruba
// pair on /data/addtextpair and sees their figures move; the same pair again is refused; two reviewers
// approve it in Review (Text pairs mode); GET /api/text-audio-pairs/ then lists it.
import type { Browser, Page } from 'playwright-core';
import { ERROR_MESSAGES, type TextPairList, type UserStats } from '@platform/contracts';
import { launchChromium } from '../support/browser';
import { asPerson, createPerson } from './people';
import type { Person } from './people';
import { PeoplePages, seeText, toast } from './pages';
import { approveOnScreen, chooseReviewMode, skipUntilOffered } from './review';

jest.setTimeout(180_000);

const PAIR = {
  source_lang_text: 'The children are playing under the mango tree.',
  target_lang_text: 'Àwọn ọmọdé ń ṣeré lábẹ́ igi mángòrò.',
  text_category: 'conversational',
} as const;

let browser: Browser;
let pages: PeoplePages;
let contributor: Person;

beforeAll(async () => {
  browser = await launchChromium();
  pages = new PeoplePages(browser);
  contributor = await createPerson('Kunle');
});

afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
});

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });
const category = (page: Page) => page.getByRole('combobox', { name: /Category/ });

async function fillPair(page: Page): Promise<void> {
  await field(page, /English Text/).fill(PAIR.source_lang_text);
  await field(page, /Yoruba Text/).fill(PAIR.target_lang_text);
  await category(page).selectOption(PAIR.text_category);
}

async function figures(person: Person): Promise<UserStats['textPairs']> {
  const res = await asPerson(person, '/api/user/stats');
  expect(res.status).toBe(200);
  return ((await res.json()) as UserStats).textPairs;
}

describe('Add Text Pair, end to end', () => {
  it('asks for the English text, the Yoruba text and the category when they are missing', async () => {
    const page = await pages.open(contributor, '/data/addtextpair', 'mf_datasets');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/text/add')) sent.push(r.url());
    });
    await page.getByRole('button', { name: 'Submit Text Pair' }).click();
    await seeText(page, 'Please enter the English text.');
    await seeText(page, 'Please enter the Yoruba text.');
    await seeText(page, 'Please choose a category.');
    expect(sent).toEqual([]);
    expect(pages.pageErrors).toEqual([]);
  });

  it('adds a pair: the success toast shows and the three fields are cleared; it waits for review', async () => {
    const page = await pages.open(contributor, '/data/addtextpair', 'mf_datasets');
    await page.getByRole('region', { name: 'Text Pair Information' }).waitFor();
    await fillPair(page);
    await page.getByRole('button', { name: 'Submit Text Pair' }).click();
    await toast(page, 'Text pair added successfully!').waitFor({ timeout: 20_000 });
    expect(await field(page, /English Text/).inputValue()).toBe('');
    expect(await field(page, /Yoruba Text/).inputValue()).toBe('');
    expect(await category(page).inputValue()).toBe('');

    // Pending until reviewed: not yet listed for voice donations.
    const res = await asPerson(contributor, '/api/text-audio-pairs/?limit=200');
    expect(res.status).toBe(200);
    const listed = (await res.json()) as TextPairList;
    expect(listed.map((p) => p.source_lang_text)).not.toContain(PAIR.source_lang_text);
    expect(pages.pageErrors).toEqual([]);
  });

  it("the person's figures line counts the pair added", async () => {
    expect(await figures(contributor)).toEqual({ added: 1, approved: 0 });
    const page = await pages.open(contributor, '/data/addtextpair', 'mf_datasets');
    await page
      .locator('[data-stat="pairs-added"]')
      .filter({ hasText: '1 text pair added' })
      .waitFor({ timeout: 15_000 });
    await page.locator('[data-stat="pairs-approved"]').filter({ hasText: '0 approved' }).waitFor();
  });

  it('the same pair again is refused with its reason, and the text stays for correcting', async () => {
    const page = await pages.open(contributor, '/data/addtextpair', 'mf_datasets');
    await fillPair(page);
    await page.getByRole('button', { name: 'Submit Text Pair' }).click();
    await toast(page, ERROR_MESSAGES['text_pair.duplicate']).waitFor({ timeout: 20_000 });
    expect(await field(page, /English Text/).inputValue()).toBe(PAIR.source_lang_text);
    expect(await field(page, /Yoruba Text/).inputValue()).toBe(PAIR.target_lang_text);
  });

  it('a Yoruba side without tone marks is refused with the reason under the field', async () => {
    const page = await pages.open(contributor, '/data/addtextpair', 'mf_datasets');
    await field(page, /English Text/).fill('I am going to the market tomorrow.');
    await field(page, /Yoruba Text/).fill('Mo n lo si oja ni ola.');
    await category(page).selectOption('conversational');
    await page.getByRole('button', { name: 'Submit Text Pair' }).click();
    await toast(page, ERROR_MESSAGES['text_pair.needs_tone_marks']).waitFor({ timeout: 20_000 });
    expect(await field(page, /Yoruba Text/).getAttribute('aria-invalid')).toBe('true');
  });

  it('two reviewers approve it in Review (Text pairs) and GET /api/text-audio-pairs/ then lists it', async () => {
    const own = (await (await asPerson(contributor, '/api/review/next?kind=pair')).json()) as {
      item: { source_lang_text?: string } | null;
    };
    expect(own.item?.source_lang_text).not.toBe(PAIR.source_lang_text);

    for (const name of ['Lola', 'Musa']) {
      const reviewer = await createPerson(name);
      await skipUntilOffered(reviewer, 'pair', PAIR.source_lang_text);
      const page = await pages.open(reviewer, '/user/review', 'mf_contribute');
      await chooseReviewMode(page, 'pair');
      await seeText(page, PAIR.target_lang_text, 20_000);
      await approveOnScreen(page, PAIR.source_lang_text);
    }

    const res = await asPerson(contributor, '/api/text-audio-pairs/?limit=200');
    expect(res.status).toBe(200);
    const listed = (await res.json()) as TextPairList;
    const pair = listed.find((p) => p.source_lang_text === PAIR.source_lang_text);
    expect(pair).toEqual({ text_id: expect.any(String), ...PAIR });
    expect(await figures(contributor)).toEqual({ added: 1, approved: 1 });
    expect(pages.pageErrors).toEqual([]);
  });
});
