// Dataset Downloads end to end, in Chromium: recordings are made and validated through the API (a speaker
// uploads a spoken WAV, two listeners vote YES); an admin defines a dataset on /data/downloads and publishes a
// release, watching it build; a researcher searches and filters, accepts the licence, downloads the complete
// dataset (the file's SHA-256 equals the release's), sees it in Download History, and the stat cards move.
// axe-core checks the page as the researcher sees it (a card with its details open, the licence dialog, the
// history, the "Use it" box); the box's lines are run as a script would run them.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DatasetPage, ReleaseSummary } from '@platform/contracts';
import { seriousViolations } from './support/axe';
import { launchChromium } from './support/browser';
import { siteUrl } from './support/platform';
import { remoteSection } from './support/shell-page';
import { asNumber, eventually, settledForAxe } from './support/waiting';
import { makeFakeMicrophoneFiles } from './contribute/audio-files';
import { asPerson, createPerson, promoteTo, validatedRecording } from './contribute/people';
import type { Person } from './contribute/people';

jest.setTimeout(300_000);

const DATASET = `E2E Read Speech ${Date.now().toString(36)}`;
const DESCRIPTION = 'Validated recordings of the end-to-end suite, in every language.';

let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];
let admin: Person;
let researcher: Person;

async function pageAs(person: Person, pathname: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  await context.addCookies([{ name: 'plt', value: person.session, url: siteUrl() }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${person.firstname}: ${error.message}`));
  await page.goto(`${siteUrl()}${pathname}`, { waitUntil: 'domcontentloaded' });
  await remoteSection(page, 'mf_datasets')
    .getByRole('heading', { level: 1, name: 'Dataset Downloads' })
    .waitFor({ timeout: 30_000 });
  return page;
}

const card = (page: Page) =>
  page.getByTestId('dataset-card').filter({ has: page.getByRole('heading', { name: DATASET, exact: true }) });

/** The four stat cards' values, in the SPEC's order, once they have loaded. */
async function statValues(page: Page): Promise<string[]> {
  const values = page.getByTestId('dataset-summary').getByTestId('stat-value');
  await values.first().waitFor({ timeout: 20_000 });
  return values.allTextContents();
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

beforeAll(async () => {
  const files = makeFakeMicrophoneFiles();
  const wav = readFileSync(files.speech);
  const [speaker, first, second] = await Promise.all([
    createPerson('Tunde'),
    createPerson('Ngozi'),
    createPerson('Musa'),
  ]);
  await validatedRecording(speaker!, [first!, second!], wav);
  admin = await promoteTo(await createPerson('Amaka', 'researcher'), 'admin');
  researcher = await createPerson('Halima', 'researcher');
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('Dataset Downloads', () => {
  it('an admin defines a dataset and publishes a release, watching it build', async () => {
    const page = await pageAs(admin, '/data/downloads');
    const before = await statValues(page);
    await page.getByRole('button', { name: 'New dataset' }).click();
    const form = page.getByRole('dialog', { name: 'New dataset' });
    // Bad input first: the form says what is missing and sends nothing.
    await form.getByRole('button', { name: 'Create dataset' }).click();
    await form.getByText('Please enter a name.').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill(DATASET);
    await form.getByRole('textbox', { name: 'Description' }).fill(DESCRIPTION);
    await form.getByRole('combobox', { name: 'Language' }).selectOption('multiple');
    await form.getByRole('textbox', { name: /Tags/ }).fill('read speech, e2e');
    // Every language the recordings are in.
    await form
      .getByRole('group', { name: 'Only these languages' })
      .getByRole('checkbox', { name: 'Yoruba' })
      .uncheck();
    await form.getByRole('button', { name: 'Create dataset' }).click();
    await form.waitFor({ state: 'hidden' });

    const ours = card(page);
    await ours.waitFor({ timeout: 20_000 });
    await ours.getByText('No release has been published yet.').waitFor();
    await ours.getByRole('button', { name: 'Publish release' }).click();
    // Built in the background: the card shows the release once it is published.
    await ours.getByRole('button', { name: 'View Statistics' }).waitFor({ timeout: 180_000 });
    await ours.getByRole('progressbar').waitFor({ state: 'detached', timeout: 30_000 });
    // Available Datasets counts it now.
    const available = await eventually(
      async () => asNumber((await statValues(page))[0]!),
      (count) => count >= asNumber(before[0]!) + 1,
    );
    expect(available).toBeGreaterThanOrEqual(asNumber(before[0]!) + 1);
    expect(pageErrors).toEqual([]);
  });

  it('a researcher finds it, accepts the licence, downloads the complete dataset and sees it in history', async () => {
    const page = await pageAs(researcher, '/data/downloads');
    const before = await statValues(page);

    await page.getByRole('searchbox', { name: 'Search datasets' }).fill(DATASET.toUpperCase());
    await page.getByRole('combobox', { name: 'Filter by language' }).selectOption('multiple');
    await page.getByRole('combobox', { name: 'Filter by category' }).selectOption('conversational');
    const ours = card(page);
    await ours.waitFor({ timeout: 20_000 });
    // Only it matches the search and both filters (sent to the server once typing paused).
    const shown = await eventually(
      () => page.getByTestId('dataset-card').count(),
      (count) => count === 1,
    );
    expect(shown).toBe(1);
    // A filter that excludes it: the SPEC's empty words.
    await page.getByRole('combobox', { name: 'Filter by category' }).selectOption('academic');
    await page.getByText('No datasets found').waitFor();
    await page.getByRole('combobox', { name: 'Filter by category' }).selectOption('conversational');
    await ours.waitFor();

    // The list answers the filter again while the card is already shown: a card drawn again comes back closed,
    // so open its details until they stay open.
    const details = ours.getByRole('button', { name: 'Dataset Details' });
    await settledForAxe(page);
    await eventually(
      async () => {
        if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
        return details.getAttribute('aria-expanded');
      },
      (expanded) => expanded === 'true',
    );
    await ours
      .getByText('Please review the license terms before downloading and using this dataset.')
      .waitFor();
    await settledForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);

    await ours.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByRole('menuitem', { name: /^Download Complete Dataset/ }).click();
    const dialog = page.getByRole('dialog', { name: 'License terms' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('checkbox', { name: 'I accept the license terms of this dataset.' }).check();
    await dialog
      .getByRole('checkbox', { name: 'I will not try to find out who the speakers in this dataset are.' })
      .check();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      dialog.getByRole('button', { name: 'Accept and download' }).click(),
    ]);
    const file = await download.path();
    expect(download.suggestedFilename()).toMatch(/\.zip$/);

    const list = (await (
      await asPerson(researcher, `/api/datasets?q=${encodeURIComponent(DATASET)}`)
    ).json()) as DatasetPage;
    const id = list.items[0]!.id;
    const latest = (await (
      await asPerson(researcher, `/api/datasets/${id}/releases/latest`)
    ).json()) as ReleaseSummary;
    const complete = latest.artifacts.find((a) => a.name === 'complete.zip')!;
    expect(await sha256Of(file)).toBe(complete.sha256);

    // The second download of the same dataset asks nothing.
    await ours.getByRole('button', { name: 'Download', exact: true }).click();
    const [metadata] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('menuitem', { name: /^Download Metadata \(JSON\)/ }).click(),
    ]);
    expect(metadata.suggestedFilename()).toMatch(/\.json$/);
    await expect(dialog.isVisible()).resolves.toBe(false);

    await page.getByRole('tab', { name: 'Download History' }).click();
    const history = page.getByRole('table', { name: 'Your downloads' });
    const row = history
      .getByRole('row')
      .filter({ hasText: DATASET })
      .filter({ hasText: 'Complete dataset (ZIP)' });
    await row.waitFor({ timeout: 20_000 });
    await row.getByText('Completed').waitFor();
    await row.getByRole('link', { name: 'Download Again' }).waitFor();
    await page
      .getByText("Downloads are available for 30 days. After that, you'll need to request the dataset again.")
      .waitFor();
    await settledForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The stat cards move: Total Downloads counts the two downloads.
    const after = await eventually(
      async () => {
        await page.reload({ waitUntil: 'domcontentloaded' });
        return asNumber((await statValues(page))[1]!);
      },
      (total) => total >= asNumber(before[1]!) + 2,
    );
    expect(after).toBeGreaterThanOrEqual(asNumber(before[1]!) + 2);
    expect(pageErrors).toEqual([]);
  });

  it('a script downloads the same release with an API token and curl, cut half-way and resumed with -C -', async () => {
    const created = await asPerson(researcher, '/api/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteUrl() },
      body: JSON.stringify({ name: 'e2e resume' }),
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const list = (await (
      await asPerson(researcher, `/api/datasets?q=${encodeURIComponent(DATASET)}`)
    ).json()) as DatasetPage;
    const latest = list.items[0]!.latestRelease!;
    const complete = latest.artifacts.find((a) => a.name === 'complete.zip')!;
    const url = `${siteUrl()}/api/datasets/${list.items[0]!.id}/releases/latest/files/complete.zip`;
    const dir = await mkdtemp(path.join(tmpdir(), 'e2e-resume-'));
    const file = path.join(dir, 'complete.zip');
    const curl = (args: string[]) =>
      promisify(execFile)('curl', [
        '-sSf',
        '--max-time',
        '60',
        '-H',
        `Authorization: Bearer ${secret}`,
        ...args,
      ]);
    try {
      // The first half only, as a transfer cut off would leave it.
      const half = Math.floor(complete.bytes / 2);
      await curl(['-r', `0-${half - 1}`, '-o', file, url]);
      expect((await stat(file)).size).toBe(half);
      // `-C -` asks for the rest from where the file ends: a 206 that completes it.
      await curl(['-C', '-', '-o', file, url]);
      expect((await stat(file)).size).toBe(complete.bytes);
      expect(await sha256Of(file)).toBe(complete.sha256);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the details panel’s "Use it" box: its lines run as given (curl with a token, unzip, pandas over HTTP, the shards the datasets line names), its copy button, the datasheet, at 360 px', async () => {
    const created = await asPerson(researcher, '/api/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteUrl() },
      body: JSON.stringify({ name: 'e2e use it' }),
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const page = await pageAs(researcher, '/data/downloads');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl() });
    await page.getByRole('searchbox', { name: 'Search datasets' }).fill(DATASET);
    const ours = card(page);
    await ours.waitFor({ timeout: 20_000 });
    const details = ours.getByRole('button', { name: 'Dataset Details' });
    await settledForAxe(page);
    await eventually(
      async () => {
        if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
        return details.getAttribute('aria-expanded');
      },
      (expanded) => expanded === 'true',
    );
    const box = ours.getByRole('region', { name: 'Use it: release 1' });
    await box.waitFor({ timeout: 20_000 });
    const lines = await box.getByTestId('use-it-line').allTextContents();
    const [curlLine, unzipLine] = lines;
    expect(curlLine).toContain(`"${siteUrl()}/api/datasets/`);

    const list = (await (
      await asPerson(researcher, `/api/datasets?q=${encodeURIComponent(DATASET)}`)
    ).json()) as DatasetPage;
    const complete = list.items[0]!.latestRelease!.artifacts.find((a) => a.name === 'complete.zip')!;
    const dir = await mkdtemp(path.join(tmpdir(), 'e2e-use-it-'));
    const run = (line: string) =>
      promisify(execFile)('bash', ['-c', line], {
        cwd: dir,
        env: { ...process.env, TOKEN: secret },
        timeout: 60_000,
      });
    try {
      // The lines as a researcher pastes them, with their token in TOKEN.
      await run(`set -e; ${curlLine!.replace(/^curl /, 'curl -sSf ')}`);
      const zip = /-o (\S+\.zip)/.exec(curlLine!)![1]!;
      expect(await sha256Of(path.join(dir, zip))).toBe(complete.sha256);
      await run(`${unzipLine!} > /dev/null`);
      const unzipped = path.join(dir, zip.replace(/\.zip$/, ''));
      // Each pandas line runs as given (Debian's pandas, the token in TOKEN), over HTTP: it reads every row of
      // the TSV the archive holds.
      const pandasLines = lines.filter((l) => l.includes('pandas.read_csv('));
      expect(pandasLines.length).toBeGreaterThan(0);
      for (const line of pandasLines) {
        const url = /read_csv\("(https?:[^"]+)"/.exec(line)?.[1];
        expect(url).toBeDefined();
        const { stdout } = await promisify(execFile)('/usr/bin/python3', ['-c', `${line}\nprint(len(df))`], {
          cwd: dir,
          env: { ...process.env, TOKEN: secret },
          timeout: 60_000,
        });
        const tsv = readFileSync(path.join(unzipped, ...new URL(url!).pathname.split('/').slice(-2)), 'utf8');
        const rows = tsv.split('\n').filter(Boolean).length - 1;
        expect(Number(stdout.trim())).toBe(rows);
      }
      // Each Parquet shard the datasets line names downloads with the token, the very bytes of the archive's.
      const shards = lines.flatMap((l) => [...l.matchAll(/"(https?:[^"]+\.parquet)"/g)].map((m) => m[1]!));
      expect(shards.length).toBeGreaterThan(0);
      for (const url of shards) {
        const res = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
        expect(res.status).toBe(200);
        const bytes = Buffer.from(await res.arrayBuffer());
        const kept = readFileSync(path.join(unzipped, ...new URL(url).pathname.split('/').slice(-2)));
        expect(bytes.equals(kept)).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Copied through the page's toast system.
    await box.getByRole('button', { name: 'Copy: Download (run it again to resume)' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curlLine);

    // The datasheet of each language, from the release's own figures.
    const sheet = ours.getByTestId('datasheet').first();
    await sheet.waitFor();
    expect(
      asNumber((await sheet.locator('dt', { hasText: 'Validated clips' }).locator('+ dd').textContent())!),
    ).toBeGreaterThan(0);
    await settledForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);

    // On a 360 px phone the lines wrap inside the box: nothing sticks out or scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await box.scrollIntoViewIfNeeded();
    const fits = await box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.right <= 360 && el.scrollWidth <= el.clientWidth;
    });
    expect(fits).toBe(true);
    // The datasheet's tables wrap to the screen too.
    expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await settledForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
