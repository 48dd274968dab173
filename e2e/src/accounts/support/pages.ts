// How the account tests work the screens: by the labels and button texts a person sees.
import type { Page } from 'playwright-core';
import { siteUrl } from '../../support/platform';
import type { Person } from './accounts';

// A required field's label reads "Email*" (the mark is hidden from screen readers).
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));

/** The error message shown under a field (the element its aria-describedby points to, role alert). */
export async function fieldError(page: Page, label: string): Promise<string | null> {
  return field(page, label).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const alert = ids
      .map((id) => document.getElementById(id))
      .find((el) => el?.getAttribute('role') === 'alert');
    return alert?.textContent ?? null;
  });
}

export async function waitForHeading(page: Page, name: string, timeout = 15_000): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ state: 'visible', timeout });
}

export async function openPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${siteUrl()}${path}`, { waitUntil: 'domcontentloaded' });
  await waitForHeading(page, heading);
}

export async function fillSignup(page: Page, person: Partial<Person> & { confirm?: string }): Promise<void> {
  if (person.firstname !== undefined) await field(page, 'First name').fill(person.firstname);
  if (person.lastname !== undefined) await field(page, 'Last name').fill(person.lastname);
  if (person.email !== undefined) await field(page, 'Email').fill(person.email);
  if (person.role !== undefined) await field(page, 'Role').selectOption(person.role);
  if (person.password !== undefined) await field(page, 'Password').fill(person.password);
  const confirm = person.confirm ?? person.password;
  if (confirm !== undefined) await field(page, 'Confirm password').fill(confirm);
}

export async function signInOnScreen(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The text of the Error box (role alert outside the fields) once it shows. */
export async function errorBox(page: Page): Promise<string> {
  const box = page.locator('[data-message-box="error"]').first();
  await box.waitFor({ state: 'visible', timeout: 15_000 });
  return ((await box.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}
