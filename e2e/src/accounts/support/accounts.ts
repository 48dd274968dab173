// People for the account tests, and ways to make one without the screens (for tests about something else).
import type { BrowserContext } from 'playwright-core';
import { newClientAddress } from '../../support/client-address';
import { siteUrl } from '../../support/platform';
import { waitForMail } from './mail';

export interface Person {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  role: 'contributor' | 'reviewer' | 'researcher';
}

let counter = 0;

/** A new person with a unique address (names stay within the SPEC's 2-20 letters). */
export function newPerson(role: Person['role'] = 'contributor'): Person {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstname: 'Adaeze',
    lastname: `Okafor${counter}`.slice(0, 20),
    email: `adaeze.${tag}@example.org`,
    password: `Secret${counter}Pass`,
    role,
  };
}

async function post(path: string, body: unknown, clientAddress = newClientAddress()) {
  const res = await fetch(`${siteUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Signs the person up through the API and returns the link of the mail that went out. */
export async function signUpThroughApi(person: Person): Promise<string> {
  const since = Date.now();
  const { status, body } = await post('/auth/auth/signup', person);
  if (status !== 201) throw new Error(`sign-up answered ${status}: ${JSON.stringify(body)}`);
  return (await waitForMail(person.email, since)).link;
}

/** An account ready to sign in with: signed up and verified through the API. */
export async function createVerifiedAccount(person: Person = newPerson()): Promise<Person> {
  const link = await signUpThroughApi(person);
  const token = new URL(link).searchParams.get('token');
  const { status, body } = await post('/auth/verify', { token });
  if (status !== 200) throw new Error(`verify answered ${status}: ${JSON.stringify(body)}`);
  return person;
}

/** Signs the browser context in (its cookie jar gets the HttpOnly plt cookie), without the screens. */
export async function signInContext(context: BrowserContext, person: Person): Promise<void> {
  const res = await context.request.post(`${siteUrl()}/auth/signin`, {
    data: { email: person.email, password: person.password },
    headers: { origin: siteUrl() },
  });
  if (res.status() !== 200) throw new Error(`sign-in answered ${res.status()}: ${await res.text()}`);
}
