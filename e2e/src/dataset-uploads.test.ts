// Dataset Uploads end to end, in Chromium: a person uploads a CSV of sentences on /data/uploads with the
// progress bar, sees it Completed in the history while the summary cards move, imports it into the review
// queue and sees the quality; a file that is none of CSV, JSON and DICOM gets the SPEC's message, whether
// its name gives it away (checked in the page) or only its content does (checked by the service).
import type { Browser, Page } from 'playwright-core';
import { ERROR_MESSAGES, type DatasetUploadPage } from '@platform/contracts';
import { launchChromium } from './support/browser';
import { asPerson, createPerson, type Person } from './contribute/people';
import { PeoplePages, seeText, toast } from './contribute/pages';

jest.setTimeout(180_000);

const UNSUPPORTED = ERROR_MESSAGES['upload.unsupported_type'];

// Two sentences the rules accept and one they refuse (a digit): quality 2/3.
const SENTENCES_CSV = [
  'text,language,citation,domain',
  'The old library opens early on market days.,en,My own notebook,general',
  'Ilé ìkàwé àtijọ́ náà ṣí ní kùtùkùtù.,yo,Ìwé mi,general',
  'We bought 12 oranges.,en,My own notebook,general',
  '',
].join('\n');

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

let browser: Browser;
let pages: PeoplePages;
let uploader: Person;

beforeAll(async () => {
  browser = await launchChromium();
  pages = new PeoplePages(browser);
  uploader = await createPerson('Tolu');
});

afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
});

/** Waits until the three cards read these figures (Total Uploads, Successful, Pending). */
async function cardsRead(page: Page, total: number, successful: number, pending: number) {
  const expected = `Total Uploads${total}Successful${successful}Pending${pending}`;
  await page.waitForFunction(
    (text) =>
      (document.querySelector('[data-testid="upload-summary"]')?.textContent ?? '').replace(/\s+/g, '') ===
      text.replace(/\s+/g, ''),
    expected,
    { timeout: 20_000 },
  );
}

async function fillForm(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, type: string) {
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('combobox', { name: /File Type/ }).selectOption(type);
  await page.getByRole('textbox', { name: /Description/ }).fill('Sentences from my notebook');
}

describe('Dataset Uploads, end to end', () => {
  it('uploads a CSV of sentences: Completed in the history, the cards move, the form resets', async () => {
    const page = await pages.open(uploader, '/data/uploads', 'mf_datasets');
    await cardsRead(page, 0, 0, 0);
    await seeText(page, 'No uploads yet. Upload a file above to see it here.');

    await fillForm(
      page,
      { name: 'notebook.csv', mimeType: 'text/csv', buffer: Buffer.from(SENTENCES_CSV) },
      'csv',
    );
    await page.getByRole('button', { name: 'Upload File' }).click();
    await toast(page, 'notebook.csv was uploaded.').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: /Description/ }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: /File Type/ }).inputValue()).toBe('');

    const row = page.getByRole('row').filter({ hasText: 'notebook.csv' });
    await row.getByText('Completed').waitFor({ timeout: 20_000 });
    await row.getByText('Tolu Tester').waitFor();
    await row.getByText('Not imported yet').waitFor();
    // Pending: importable and not yet imported.
    await cardsRead(page, 1, 1, 1);
    expect(pages.pageErrors).toEqual([]);
  });

  it('imports it into the review queue and shows the per-row outcome and the quality', async () => {
    const page = await pages.open(uploader, '/data/uploads', 'mf_datasets');
    await page.getByRole('button', { name: 'Import notebook.csv into review' }).click();
    const outcome = page.getByTestId('import-outcome');
    await outcome.waitFor({ timeout: 30_000 });
    await outcome.getByText('67%').waitFor();
    await outcome.getByText('2 rows wait for review.').waitFor();
    await outcome.getByText(`Row 3: ${ERROR_MESSAGES['sentence.has_digits']}`).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'notebook.csv' })
      .getByText('67%')
      .waitFor({ timeout: 20_000 });
    await cardsRead(page, 1, 1, 0);

    const res = await asPerson(uploader, '/api/uploads');
    const history = (await res.json()) as DatasetUploadPage;
    expect(history.items[0]).toMatchObject({
      fileName: 'notebook.csv',
      status: 'completed',
      import: { kind: 'sentences', rows: 3, accepted: 2 },
    });
    expect(pages.pageErrors).toEqual([]);
  });

  it("an unsupported file gets the SPEC's message, by its name in the page and by its content from the service", async () => {
    const page = await pages.open(uploader, '/data/uploads', 'mf_datasets');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/uploads')) sent.push(r.url());
    });
    await fillForm(page, { name: 'photo.png', mimeType: 'image/png', buffer: PNG }, 'csv');
    await page.getByRole('button', { name: 'Upload File' }).click();
    await page.getByRole('alert').filter({ hasText: UNSUPPORTED }).waitFor({ timeout: 15_000 });
    expect(sent).toEqual([]);

    // A PNG named .csv passes the page's check; the service reads its bytes and refuses it.
    await fillForm(page, { name: 'photo.csv', mimeType: 'text/csv', buffer: PNG }, 'csv');
    await page.getByRole('button', { name: 'Upload File' }).click();
    await page.getByRole('alert').filter({ hasText: UNSUPPORTED }).waitFor({ timeout: 30_000 });
    expect(sent).toHaveLength(1);
    // Nothing was kept.
    await cardsRead(page, 1, 1, 0);
    expect(pages.pageErrors).toEqual([]);
  });
});
