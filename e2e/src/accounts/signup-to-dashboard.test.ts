// The whole account journey: sign up on the screen, read the mail from the outbox, open its link, sign
// in, land on the dashboard with one's own name, stay signed in across a reload, log out, and be sent to
// sign in (and back) when opening a signed-in page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { siteUrl } from '../support/platform';
import { newPerson } from './support/accounts';
import { waitForMail } from './support/mail';
import { errorBox, fieldError, fillSignup, openPage, signInOnScreen, waitForHeading } from './support/pages';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const person = newPerson('reviewer');

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
});

const sidebarUser = (p: Page) => p.locator('[data-session-user]');
const path = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;

describe('sign up, verify, sign in, stay signed in, log out', () => {
  let link = '';

  it('signs up on /signup and shows the address on /auth/success', async () => {
    await openPage(page, '/signup', 'Sign Up');
    const since = Date.now();
    // Awaited from before the typing: the check may answer while the later fields are still being filled.
    const checked = page.waitForResponse((r) => r.url().endsWith('/auth/auth/query.email'), {
      timeout: 20_000,
    });
    await fillSignup(page, { ...person, email: person.email.toUpperCase() });
    // The live check answered (the address is free): no message under the field.
    await checked;
    expect(await fieldError(page, 'Email')).toBeNull();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitForHeading(page, 'Registration Successful');
    expect(path(page)).toBe('/auth/success');
    await expect(page.locator('[data-signup-email]').textContent()).resolves.toBe(person.email);

    const mail = await waitForMail(person.email, since);
    link = mail.link;
    expect(new URL(link).origin).toBe(new URL(siteUrl()).origin);
  });

  it('the same address cannot sign up again: "Email already exists" blocks the form', async () => {
    await openPage(page, '/signup', 'Sign Up');
    await fillSignup(page, { email: person.email });
    await page.getByText('Email already exists', { exact: true }).waitFor({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true }).isDisabled()).resolves.toBe(true);
  });

  it('cannot sign in before verifying: "Invalid Login" with the Get Link link', async () => {
    await openPage(page, '/signin', 'Sign In');
    await signInOnScreen(page, person.email, person.password);
    const text = await errorBox(page);
    expect(text).toContain('Invalid Login');
    expect(text).toContain('Your email has not been verified. Check your inbox or get a new link.');
    await expect(page.getByRole('link', { name: 'Get Link' }).getAttribute('href')).resolves.toBe(
      '/auth/veremail',
    );
  });

  it('opens the emailed link: "Your account is verified!"', async () => {
    await page.goto(link, { waitUntil: 'domcontentloaded' });
    await page.getByText('Your account is verified!').waitFor({ timeout: 15_000 });
    await expect(page.getByText(person.email).isVisible()).resolves.toBe(true);
  });

  it('a wrong password: "Incorrect email or password."', async () => {
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await waitForHeading(page, 'Sign In');
    await signInOnScreen(page, person.email, 'Wrong1Password');
    expect(await errorBox(page)).toContain('Incorrect email or password.');
  });

  it('signs in and lands on /dashboard with the name and role in the sidebar', async () => {
    await openPage(page, '/signin', 'Sign In');
    await signInOnScreen(page, person.email, person.password);
    await page.waitForURL(`${siteUrl()}/dashboard`, { timeout: 15_000 });
    await sidebarUser(page).getByText(`${person.firstname} ${person.lastname}`).waitFor({ timeout: 15_000 });
    await expect(sidebarUser(page).getByText('Reviewer').isVisible()).resolves.toBe(true);
    // The session cookie is HttpOnly: the page's script cannot read it.
    const cookies = await context.cookies(siteUrl());
    expect(cookies.find((c) => c.name === 'plt')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('plt=');
  });

  it('stays signed in across a reload', async () => {
    await page.reload({ waitUntil: 'domcontentloaded' });
    await sidebarUser(page).getByText(`${person.firstname} ${person.lastname}`).waitFor({ timeout: 15_000 });
    expect(path(page)).toBe('/dashboard');
  });

  it('/signin and /signup send a signed-in person to /dashboard', async () => {
    for (const p of ['/signin', '/signup']) {
      await page.goto(`${siteUrl()}${p}`, { waitUntil: 'domcontentloaded' });
      await page.waitForURL(`${siteUrl()}/dashboard`, { timeout: 15_000 });
    }
  });

  it('Logout ends the session and lands on /signin', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${siteUrl()}/signin`, { timeout: 15_000 });
    await waitForHeading(page, 'Sign In');
    const cookies = await context.cookies(siteUrl());
    expect(cookies.find((c) => c.name === 'plt')).toBeUndefined();
  });

  it('a signed-in page now sends to /signin, and back there after signing in again', async () => {
    await page.goto(`${siteUrl()}/data/downloads`, { waitUntil: 'domcontentloaded' });
    await page.waitForURL(`${siteUrl()}/signin?next=%2Fdata%2Fdownloads`, { timeout: 15_000 });
    await waitForHeading(page, 'Sign In');
    await signInOnScreen(page, person.email, person.password);
    await page.waitForURL(`${siteUrl()}/data/downloads`, { timeout: 15_000 });
    await sidebarUser(page).getByText(`${person.firstname} ${person.lastname}`).waitFor({ timeout: 15_000 });
  });

  it('threw no error in the page along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
