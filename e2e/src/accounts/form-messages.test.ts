// The SPEC's messages on /signup and /signin for each bad input, word for word, in the real browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { errorBox, field, fieldError, fillSignup, openPage, signInOnScreen } from './support/pages';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
});

describe('/signup messages', () => {
  beforeEach(async () => {
    await openPage(page, '/signup', 'Sign Up');
  });

  it('an empty form: every required message, focus on the first name', async () => {
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    expect(await fieldError(page, 'First name')).toBe('First name is required');
    expect(await fieldError(page, 'Last name')).toBe('Last name is required');
    expect(await fieldError(page, 'Email')).toBe('*Required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');
    expect(await fieldError(page, 'Confirm password')).toBe('Confirm password is required');
    expect(await field(page, 'First name').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it.each([
    [{ firstname: 'A' }, 'First name', 'Too short!'],
    [{ firstname: 'A'.repeat(21) }, 'First name', 'Too long!'],
    [{ lastname: 'B' }, 'Last name', 'Too short!'],
    [{ lastname: 'B'.repeat(21) }, 'Last name', 'Too long!'],
    [{ email: 'ada@example' }, 'Email', 'Invalid email address'],
    [{ email: 'ada@example.abcde' }, 'Email', 'Invalid email address'],
    [
      { password: 'secret123' },
      'Password',
      'Password must contain: 8+ characters, 1 number, 1 uppercase letter',
    ],
    [{ password: 'Secret12', confirm: 'Secret13' }, 'Confirm password', 'Passwords do not match'],
  ] as const)('%j: "%s" says "%s"', async (values, label, message) => {
    await fillSignup(page, values);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    expect(await fieldError(page, label)).toBe(message);
  });

  it('Sign Up with Google says it is not available here', async () => {
    await page.getByRole('button', { name: 'Sign Up with Google' }).click();
    await page.getByText('Google sign-in is not available on this site.').waitFor({ timeout: 5000 });
  });
});

describe('/signin messages', () => {
  beforeEach(async () => {
    await openPage(page, '/signin', 'Sign In');
  });

  it('an empty form: "*Required" and "Password is required"', async () => {
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await fieldError(page, 'Email')).toBe('*Required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');
  });

  it('a malformed address: "Invalid email address"', async () => {
    await signInOnScreen(page, 'ada@example', 'Secret123');
    expect(await fieldError(page, 'Email')).toBe('Invalid email address');
  });

  it('an address with no account: "Incorrect email or password."', async () => {
    await signInOnScreen(page, `nobody.${Date.now()}@example.org`, 'Secret123');
    expect(await errorBox(page)).toContain('Incorrect email or password.');
  });

  it('Sign In with Google says it is not available here', async () => {
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    await page.getByText('Google sign-in is not available on this site.').waitFor({ timeout: 5000 });
  });
});
