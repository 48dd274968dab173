// The public site as a visitor meets it, signed out: the landing page's header, anchors, FAQ, counters, demo,
// contact form and newsletter box, and the other public pages' live figures and outside links. The figures
// come from data this suite makes first: a validated Yoruba recording in a published release.
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicLanguages, PublicStats } from '@platform/contracts';
import { seriousViolations } from './support/axe';
import { launchChromium, newVisitor } from './support/browser';
import { siteUrl } from './support/platform';
import { eventually, settledForAxe } from './support/waiting';
import { makeFakeMicrophoneFiles } from './contribute/audio-files';
import { asPerson, createPerson, promoteTo, validatedRecording } from './contribute/people';
import { mongoUri, outboxDir } from './accounts/support/environment';
import { waitForMail } from './accounts/support/mail';

let browser: Browser;
let context: BrowserContext;

/**
 * The public figures computed after this moment. The gateway computes them for each request, so the first
 * answer is normally it; a stale answer (a service failing for a moment) is read again.
 */
async function freshFigures<T extends { computedAt: string }>(pathname: string): Promise<T> {
  const since = Date.now();
  for (;;) {
    const res = await fetch(`${siteUrl()}${pathname}`);
    if (res.status !== 200) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
    const figures = (await res.json()) as T;
    if (Date.parse(figures.computedAt) >= since) return figures;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Publishes a Yoruba recordings dataset as an admin and waits until its release is out. */
async function publishYorubaRelease(): Promise<void> {
  const admin = await promoteTo(await createPerson('Bisi', 'researcher'), 'admin');
  const json = { 'content-type': 'application/json' };
  const created = await asPerson(admin, '/api/datasets', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name: `Public site recordings ${Date.now().toString(36)}`,
      description: 'Validated Yoruba recordings, for the landing page demo.',
      language: 'yo',
      category: 'conversational',
      tags: [],
      license: 'CC0-1.0',
      sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
    }),
  });
  if (created.status !== 201) throw new Error(`dataset: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const release = await asPerson(admin, `/api/datasets/${id}/releases`, { method: 'POST' });
  if (release.status !== 202) throw new Error(`release: ${release.status} ${await release.text()}`);
  const status = await eventually(
    async () => (await fetch(`${siteUrl()}/api/datasets/${id}/releases/latest`)).status,
    (code) => code === 200,
    180_000,
  );
  if (status !== 200) throw new Error(`the release of ${id} was not published (${status})`);
}

beforeAll(async () => {
  const wav = fs.readFileSync(makeFakeMicrophoneFiles().speech);
  const [speaker, first, second] = await Promise.all([
    createPerson('Kemi'),
    createPerson('Obinna'),
    createPerson('Zainab'),
  ]);
  await validatedRecording(speaker!, [first!, second!], wav);
  await publishYorubaRelease();
  browser = await launchChromium();
  context = await newVisitor(browser, { signedIn: false });
}, 300_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

async function landing(hash = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${siteUrl()}/${hash}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { level: 1, name: 'Revolutionizing Language Data Collection' }).waitFor();
  return page;
}

const header = (page: Page) => page.locator('header[data-scrolled]');
const scrolledFlag = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  return eventually(
    async () => ({
      y: await page.evaluate(() => window.scrollY),
      flag: await header(page).getAttribute('data-scrolled'),
    }),
    (seen) => seen.y === y,
    5_000,
  );
};
/** What the speech service's database holds, read directly: the figures on screen must be these. */
async function inSpeechDb<T>(read: (db: ReturnType<MongoClient['db']>) => Promise<T>): Promise<T> {
  const client = new MongoClient(mongoUri(), { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    return await read(client.db('speech'));
  } finally {
    await client.close();
  }
}

const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? NaN, id);

describe('the landing page', () => {
  it('shrinks its header once scrolled past 50 px, and not at 50', async () => {
    const page = await landing();
    expect(await header(page).getAttribute('data-scrolled')).toBe('false');
    const at50 = await scrolledFlag(page, 50);
    // The flag follows a scroll event: give it the frame it waits for, then read it again.
    await page.waitForTimeout(100);
    expect({ ...at50, flag: await header(page).getAttribute('data-scrolled') }).toEqual({
      y: 50,
      flag: 'false',
    });
    // Its height once the shrink (a CSS transition) has finished.
    const settledHeight = async (flag: 'true' | 'false') => {
      await page.waitForFunction((want) => {
        const shown = document.querySelector('header[data-scrolled]');
        return (
          shown?.getAttribute('data-scrolled') === want &&
          shown.getAnimations().every((a) => a.playState !== 'running')
        );
      }, flag);
      return (await header(page).boundingBox())!.height;
    };
    await scrolledFlag(page, 51);
    const shrunk = await settledHeight('true');
    await scrolledFlag(page, 0);
    const full = await settledHeight('false');
    expect(shrunk).toBeLessThan(full);
    await page.close();
  });

  it('scrolls an in-page anchor to 80 px below the top of the window', async () => {
    const page = await landing();
    await header(page).getByRole('link', { name: 'FAQ', exact: true }).first().click();
    const top = await eventually(
      () => sectionTop(page, 'faq'),
      (value) => Math.abs(value - 80) < 1,
      10_000,
    );
    // Sections can sit at a fraction of a pixel; the window scrolls by whole ones.
    expect(Math.abs(top - 80)).toBeLessThan(1);
    expect(new URL(page.url()).hash).toBe('#faq');
    await page.close();
  });

  it('keeps one FAQ answer open at a time, and closes the open one when it is clicked', async () => {
    const page = await landing('#faq');
    const questions = page.locator('#faq button[aria-expanded]');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(6);
    const expanded = async () =>
      Promise.all(
        (await questions.all()).map(async (q) => (await q.getAttribute('aria-expanded')) === 'true'),
      );
    await questions.nth(0).click();
    expect(await expanded()).toEqual([true, false, false, false, false, false]);
    await questions.nth(2).click();
    expect(await expanded()).toEqual([false, false, true, false, false, false]);
    await expect(
      page.locator(`#${await questions.nth(2).getAttribute('aria-controls')}`).isVisible(),
    ).resolves.toBe(true);
    await questions.nth(2).click();
    expect(await expanded()).toEqual([false, false, false, false, false, false]);
    await page.close();
  });

  it('counts its four counters up to the live figures', async () => {
    const stats = await freshFigures<PublicStats>('/api/public/stats');
    // What this suite made is in them: three people active, a recording, a decided recording.
    expect(stats.activeContributors).toBeGreaterThanOrEqual(3);
    expect(stats.dataPoints).toBeGreaterThanOrEqual(1);
    expect(stats.languages).toBeGreaterThanOrEqual(1);
    expect(stats.validationAccuracy).not.toBeNull();
    const page = await landing();
    const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
    const expected = {
      languages: whole.format(stats.languages),
      activeContributors: whole.format(stats.activeContributors),
      dataPoints: whole.format(stats.dataPoints),
      validationAccuracy: `${stats.validationAccuracy!.toFixed(1)}%`,
    };
    const shown = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.keys(expected).map(async (key) => [
            key,
            (await page.locator(`[data-counter="${key}"] [aria-hidden="true"]`).textContent())?.trim(),
          ]),
        ),
      );
    expect(
      await eventually(shown, (seen) => JSON.stringify(seen) === JSON.stringify(expected), 10_000),
    ).toEqual(expected);
    await page.close();
  });

  it('plays a published, validated recording in "See it in action"', async () => {
    // How it works links to the demo (the sections are in the page once it opens at one of them).
    const page = await landing('#how-it-works');
    await page.getByRole('link', { name: 'See it in action' }).first().click();
    const shownSentence = page.getByTestId('demo-sentence');
    await shownSentence.waitFor({ timeout: 15_000 });
    // One of the validated recordings (any published release's; this suite published one).
    const validated = await inSpeechDb((db) =>
      db.collection('recordings').distinct('sentenceText', { status: 'validated' }),
    );
    expect(validated).toContain((await shownSentence.textContent())?.trim());
    const src = await page.locator('#demo audio').getAttribute('src');
    const audio = await fetch(new URL(src!, siteUrl()));
    expect({ status: audio.status, type: audio.headers.get('content-type')?.split('/')[0] }).toEqual({
      status: 200,
      type: 'audio',
    });
    await page.locator('#demo').getByRole('button', { name: /play/i }).first().click();
    await page.waitForFunction(() => {
      const player = document.querySelector<HTMLAudioElement>('#demo audio');
      return !!player && !player.paused && player.currentTime > 0;
    });
    await page.close();
  });

  it('sends the contact form: a success toast, an empty form and the mail; a failure toast keeps the words', async () => {
    const page = await landing('#contact');
    const form = page.locator('#contact form');
    await form.waitFor();
    const lastName = `Adeyemi${Date.now().toString(36)}`;
    const since = Date.now();
    await form.getByLabel('First name').fill('Tolu');
    await form.getByLabel('Last name').fill(lastName);
    await form.getByLabel('Email').fill(`tolu.${lastName.toLowerCase()}@example.org`);
    await form.getByLabel('I am interested in').selectOption({ label: 'Validating submissions' });
    await form.getByLabel('Languages').fill('Yorùbá, Igbo');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText("Thank you for your interest. We'll be in touch soon.").waitFor();
    await page.getByText('Success!').waitFor();
    expect(await form.getByLabel('Last name').inputValue()).toBe('');
    // The operators' copy, in the outbox.
    const mail = await eventually(
      async () =>
        fs.existsSync(outboxDir())
          ? fs
              .readdirSync(outboxDir())
              .map((name) => path.join(outboxDir(), name))
              .filter((file) => fs.statSync(file).mtimeMs >= since - 5)
              .map((file) => fs.readFileSync(file, 'utf8'))
              .find((raw) => raw.includes(lastName))
          : undefined,
      (raw) => raw !== undefined,
      15_000,
    );
    expect(mail).toContain('Validating submissions');

    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"service.unavailable"}' }),
    );
    await form.getByLabel('First name').fill('Tolu');
    await form.getByLabel('Last name').fill(lastName);
    await form.getByLabel('Email').fill('tolu@example.org');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('There was an error submitting the form. Please try again.').waitFor();
    await page.getByText('Something went wrong.').first().waitFor();
    expect(await form.getByLabel('Last name').inputValue()).toBe(lastName);
    await page.close();
  });

  it('subscribes to the newsletter only through the mailed confirmation link, and unsubscribes from a mail', async () => {
    const page = await landing();
    const email = `reader.${Date.now().toString(36)}@example.org`;
    const since = Date.now();
    // The footer arrives as the visitor nears it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = page.locator('footer');
    await footer.getByRole('textbox').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByRole('status').filter({ hasText: /inbox/i }).waitFor();
    const confirmation = await waitForMail(email, since, 15_000, /\/newsletter\?confirm=/);
    expect(confirmation.raw).toMatch(/\/newsletter\?unsubscribe=/);
    await page.goto(confirmation.link, { waitUntil: 'domcontentloaded' });
    await page
      .getByText(/subscribed/i)
      .first()
      .waitFor();
    // The same link a second time is spent.
    await page.goto(confirmation.link, { waitUntil: 'domcontentloaded' });
    await page.getByText('This link is not valid any more. Please subscribe again.').waitFor();
    const unsubscribe = await waitForMail(email, since, 15_000, /\/newsletter\?unsubscribe=/);
    await page.goto(unsubscribe.link, { waitUntil: 'domcontentloaded' });
    await page
      .getByText(/unsubscribed/i)
      .first()
      .waitFor();
    await page.close();
  });
});

describe('the other public pages', () => {
  it('/languages shows each language’s live figures, as stored', async () => {
    const figures = await freshFigures<PublicLanguages>('/api/public/languages');
    const yoruba = figures.languages.find((l) => l.language === 'yo')!;
    // Counted from the database itself: the page's figures are the data's.
    const stored = await inSpeechDb(async (db) => {
      const recordings = db.collection('recordings');
      const validated = await recordings
        .find({ language: 'yo', status: 'validated' }, { projection: { durationSeconds: 1 } })
        .toArray();
      return {
        speakers: (await recordings.distinct('speakerId', { language: 'yo' })).length,
        hoursValidated: validated.reduce((sum, r) => sum + Number(r.durationSeconds), 0) / 3600,
      };
    });
    expect(yoruba.speakers).toBe(stored.speakers);
    expect(Math.abs(yoruba.hoursValidated - stored.hoursValidated)).toBeLessThanOrEqual(0.00005);
    expect(yoruba.hoursValidated).toBeGreaterThan(0);
    expect(figures.languages.map((l) => l.language)).toEqual(['yo', 'en', 'ha', 'ig', 'pcm']);

    const page = await context.newPage();
    await page.goto(`${siteUrl()}/languages`, { waitUntil: 'domcontentloaded' });
    const row = page.getByRole('row').filter({ hasText: 'Yoruba' });
    await row.waitFor({ timeout: 15_000 });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(new Intl.NumberFormat('en').format(yoruba.speakers));
    expect(text).toContain(new Intl.NumberFormat('en').format(yoruba.sentences));
    // Its contribute link goes to Speak.
    expect(await page.getByRole('link', { name: 'Record in Yoruba' }).getAttribute('href')).toMatch(
      /^\/user\/speak/,
    );
    await settledForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('opens every outside link in a new tab without giving it this window', async () => {
    const page = await context.newPage();
    const outside = async (pathname: string, min: number) => {
      await page.goto(`${siteUrl()}${pathname}`, { waitUntil: 'domcontentloaded' });
      await page.locator('main h1').first().waitFor();
      const links = page.locator('main a[href^="http"], header a[href^="http"]');
      await links.first().waitFor();
      const found = await links.evaluateAll((anchors) =>
        anchors
          .filter((a) => new URL((a as HTMLAnchorElement).href).origin !== window.location.origin)
          .map((a) => ({
            target: a.getAttribute('target'),
            noopener: /\bnoopener\b/.test(a.getAttribute('rel') ?? ''),
          })),
      );
      expect(found.length).toBeGreaterThanOrEqual(min);
      expect(found.filter((l) => l.target !== '_blank' || !l.noopener)).toEqual([]);
    };
    await outside('/funding-grant', 2);
    await outside('/model/speech-to-speech', 1);
    await outside('/model/text-to-speech', 1);
    await outside('/', 1);
    await page.close();
  });

  it('passes axe on every public page with its content shown', async () => {
    const page = await context.newPage();
    for (const pathname of ['/', '/funding-grant', '/about', '/download', '/languages', '/newsletter']) {
      await page.goto(`${siteUrl()}${pathname}`, { waitUntil: 'domcontentloaded' });
      await page.locator('main h1').first().waitFor();
      if (pathname === '/') {
        // The sections arrive as the visitor scrolls: check them too.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.locator('#contact form').waitFor();
      }
      await settledForAxe(page);
      expect({ pathname, violations: await seriousViolations(page) }).toEqual({ pathname, violations: [] });
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    }
    await page.close();
  });
});
