// The emailed link is real: an expired one offers Resend Email (which really sends a new one), a made-up
// or used one is invalid, and Get Link sends a new link with the same answer whoever asks.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { siteUrl } from '../support/platform';
import { newPerson, signUpThroughApi } from './support/accounts';
import { waitForMail } from './support/mail';
import { field, openPage } from './support/pages';
import { expireVerificationLink } from './support/tokens';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
});

const verifyState = (p: Page) => p.locator('[data-verify-state]');

async function waitForState(p: Page, state: string) {
  await p.locator(`[data-verify-state="${state}"]`).waitFor({ timeout: 15_000 });
}

describe('verification links', () => {
  it('an expired link offers Resend Email, which sends a new link that works', async () => {
    const person = newPerson();
    const link = await signUpThroughApi(person);
    await expireVerificationLink(person.email);

    await page.goto(link, { waitUntil: 'domcontentloaded' });
    await waitForState(page, 'expired');
    const since = Date.now();
    const resend = page.getByRole('button', { name: 'Resend Email' });
    await resend.click();
    await page.getByText('Verification email sent successfully!').waitFor({ timeout: 15_000 });

    const fresh = await waitForMail(person.email, since);
    expect(fresh.link).not.toBe(link);
    await page.goto(fresh.link, { waitUntil: 'domcontentloaded' });
    await page.getByText('Your account is verified!').waitFor({ timeout: 15_000 });

    // A link works once: opening it again says it is invalid.
    await page.goto(fresh.link, { waitUntil: 'domcontentloaded' });
    await waitForState(page, 'invalid');
    await expect(verifyState(page).textContent()).resolves.toContain('Invalid verification link.');
  });

  it('a made-up link is invalid', async () => {
    await page.goto(`${siteUrl()}/auth/verify?token=${'x'.repeat(43)}`, { waitUntil: 'domcontentloaded' });
    await waitForState(page, 'invalid');
    await expect(verifyState(page).textContent()).resolves.toContain('Invalid verification link.');
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL(`${siteUrl()}/signin`);
  });

  it('Get Link sends a new link to an account waiting for verification, with the neutral answer', async () => {
    const person = newPerson();
    await signUpThroughApi(person);
    await openPage(page, '/auth/veremail', 'Get a Verification Link');
    const since = Date.now();
    await field(page, 'Email').fill(person.email);
    await page.getByRole('button', { name: 'Get Link' }).click();
    const answer = 'If this address has an account waiting for verification, a new link is on its way.';
    await page.getByText(answer).waitFor({ timeout: 15_000 });
    const mail = await waitForMail(person.email, since);
    await page.goto(mail.link, { waitUntil: 'domcontentloaded' });
    await page.getByText('Your account is verified!').waitFor({ timeout: 15_000 });

    // An address with no account gets the very same answer (and no mail).
    await openPage(page, '/auth/veremail', 'Get a Verification Link');
    await field(page, 'Email').fill(`nobody.${Date.now()}@example.org`);
    await page.getByRole('button', { name: 'Get Link' }).click();
    await page.getByText(answer).waitFor({ timeout: 15_000 });
  });
});
