// People for the contribution tests, made the way a person makes an account: sign up through the gateway,
// follow the verification link from the mail the gateway wrote to its outbox (no SMTP server in the
// suite), then sign in. The session cookie is what a browser context needs to act as that person.
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '@platform/contracts';
import { newClientAddress } from '../support/client-address';
import { siteUrl } from '../support/platform';

export interface Person {
  email: string;
  firstname: string;
  /** The `plt` session cookie's value. */
  session: string;
}

/** The suite's DATA_DIR: the global setup writes the platform's log into it. */
function dataDir(): string {
  const log = process.env.E2E_LOG_FILE;
  if (!log) throw new Error('E2E_LOG_FILE is not set: run the suite through its jest config (global setup)');
  return path.dirname(log);
}

async function post(pathname: string, body: unknown, clientAddress: string): Promise<Response> {
  return fetch(`${siteUrl()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify(body),
  });
}

const undoQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Waits for the verification mail to `email` and returns its link's token. */
async function verificationToken(email: string, timeoutMs = 15_000): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const raw = await readFile(path.join(outbox, name), 'utf8');
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(raw)) continue;
      const match = /\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(undoQuotedPrintable(raw));
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail to ${email} in ${outbox}`);
}

let made = 0;

/** Everyone createPerson makes has this password. */
export const PASSWORD = 'Speak4Listen!';

/** A new, verified, signed-in person, with the role chosen at sign-up (contributor unless said). */
export async function createPerson(
  firstname: string,
  role: 'contributor' | 'reviewer' | 'researcher' = 'contributor',
): Promise<Person> {
  made += 1;
  const email = `${firstname.toLowerCase()}.${Date.now().toString(36)}${made}@example.org`;
  const password = PASSWORD;
  const client = newClientAddress();
  const signup = await post(
    '/auth/auth/signup',
    { firstname, lastname: 'Tester', email, password, role },
    client,
  );
  if (signup.status !== 201) throw new Error(`sign-up of ${email}: ${signup.status} ${await signup.text()}`);
  const verify = await post('/auth/verify', { token: await verificationToken(email) }, client);
  if (verify.status !== 200)
    throw new Error(`verification of ${email}: ${verify.status} ${await verify.text()}`);
  const signin = await post('/auth/signin', { email, password }, client);
  if (signin.status !== 200) throw new Error(`sign-in of ${email}: ${signin.status} ${await signin.text()}`);
  const cookie = signin.headers.getSetCookie().find((c) => c.startsWith('plt='));
  if (!cookie) throw new Error(`sign-in of ${email} set no plt cookie`);
  return { email, firstname, session: cookie.slice('plt='.length).split(';')[0]! };
}

/** Calls the API as that person (for checks the screens do not show). */
export function asPerson(person: Person, pathname: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${siteUrl()}${pathname}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie: `plt=${person.session}` },
  });
}

/** Signs `person` in again (a new session, reading their role as it is now). */
export async function signIn(person: Person): Promise<Person> {
  const res = await post('/auth/signin', { email: person.email, password: PASSWORD }, newClientAddress());
  if (res.status !== 200) throw new Error(`sign-in of ${person.email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('plt='));
  if (!cookie) throw new Error(`sign-in of ${person.email} set no plt cookie`);
  return { ...person, session: cookie.slice('plt='.length).split(';')[0]! };
}

const repoRoot = path.resolve(__dirname, '../../..');

/**
 * Gives `person` a role the way an operator does (npm run admin -- --email ... --role ...; admins are only
 * made this way), then signs them in again.
 */
export async function promoteTo(person: Person, role: Role = 'admin'): Promise<Person> {
  execFileSync(
    'node',
    [path.join(repoRoot, 'services/gateway/dist/admin.js'), '--email', person.email, '--role', role],
    { env: { ...process.env, MONGODB_URI: process.env.E2E_MONGODB_URI ?? '' }, stdio: 'pipe' },
  );
  return signIn(person);
}

/**
 * One validated recording: `speaker` reads a sentence of their round (in `language`, Yoruba unless said),
 * uploads `wav`, and each listener votes YES. Returns the recording's id.
 */
export async function validatedRecording(
  speaker: Person,
  listeners: Person[],
  wav: Buffer,
  language = 'yo',
): Promise<string> {
  const round = await asPerson(speaker, `/api/sentences?count=1&lang=${language}`);
  if (round.status !== 200) throw new Error(`round: ${round.status} ${await round.text()}`);
  const [sentence] = (await round.json()) as Array<{ id: string }>;
  if (!sentence) throw new Error(`no sentence to record in ${language}`);
  const form = new FormData();
  form.append('sentenceId', sentence.id);
  form.append('audio', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'take.wav');
  const upload = await asPerson(speaker, '/api/recordings', { method: 'POST', body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { id } = (await upload.json()) as { id: string };
  for (const listener of listeners) {
    const vote = await asPerson(listener, `/api/recordings/${id}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isValid: true }),
    });
    if (vote.status >= 300) throw new Error(`vote: ${vote.status} ${await vote.text()}`);
  }
  return id;
}
