// @ts-check
// A signed-in visitor for the pages that need one, made the way a person does it: sign up, open the
// verification link from the mail (the gateway's outbox under DATA_DIR when no SMTP server is set), sign
// in. Returns the session cookie's value; test files put it into their browser contexts.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {string} site
 * @param {string} route
 * @param {unknown} body
 */
async function post(site, route, body) {
  const res = await fetch(`${site}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${route} answered ${res.status}: ${text}`);
  return res;
}

/**
 * Quoted-printable, as mail bodies are written: soft line breaks and =XX escapes.
 * @param {string} text
 */
const decodeQuotedPrintable = (text) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, /** @type {string} */ hex) => String.fromCharCode(parseInt(hex, 16)));

/**
 * @param {string} outbox
 * @param {string} email
 */
async function verificationToken(outbox, email, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)) : [];
    for (const file of files) {
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
      const token = /\/auth\/verify\?token=([\w-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    await sleep(100);
  }
  throw new Error(`no verification mail for ${email} in ${outbox} after ${timeoutMs / 1000} s`);
}

/**
 * @param {string} site
 * @param {string} dataDir
 */
export async function signUpMember(site, dataDir) {
  const email = `e2e-${randomBytes(4).toString('hex')}@example.org`;
  const password = `E2e-${randomBytes(9).toString('base64url')}-9`;
  await post(site, '/auth/auth/signup', {
    firstname: 'Eve',
    lastname: 'Tester',
    email,
    password,
    role: 'contributor',
  });
  const token = await verificationToken(path.join(dataDir, 'outbox'), email);
  await post(site, '/auth/verify', { token });
  const signedIn = await post(site, '/auth/signin', { email, password });
  const cookie = /(?:^|,\s*)plt=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('sign-in set no plt cookie');
  return { email, cookie };
}
