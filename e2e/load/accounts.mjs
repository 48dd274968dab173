// @ts-check
// Each simulated contributor's account, made the way a person makes one: sign up, open the verification
// link from the mail (the gateway's outbox under DATA_DIR when no SMTP server is set), sign in, then pick a
// language on Speak (which the app saves as the person's preference).
import fs from 'node:fs/promises';
import path from 'node:path';
import { contracts } from './contracts.mjs';

/** @typedef {import('./http.mjs').PersonClient} PersonClient */

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Quoted-printable, as mail bodies are written: soft line breaks and =XX escapes.
 * @param {string} text
 */
const decodeQuotedPrintable = (text) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, /** @type {string} */ hex) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The token of the verification link mailed to `email` (the outbox's file names carry the address).
 * @param {string} outbox
 * @param {string} email
 */
async function verificationToken(outbox, email, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await fs.readdir(outbox).catch(() => /** @type {string[]} */ ([]));
    for (const name of names.filter((n) => n.endsWith(`-${email}.eml`))) {
      const mail = decodeQuotedPrintable(await fs.readFile(path.join(outbox, name), 'utf8'));
      const token = /\/auth\/verify\?token=([\w-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    await sleep(100);
  }
  throw new Error(`no verification mail for ${email} in ${outbox} after ${timeoutMs / 1000} s`);
}

/**
 * @param {import('./http.mjs').Answer} answer
 * @param {string} what
 */
function expectOk(answer, what) {
  if (answer.outcome !== 'ok') {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

/**
 * Signs `client` up as a new contributor and in, and saves `language` as their Speak language. Sets the
 * client's session cookie; returns the account's id (what the services store as the speaker, voter, author).
 * @param {PersonClient} client
 * @param {object} options
 * @param {string} options.dataDir the platform's DATA_DIR (its outbox)
 * @param {string} options.email
 * @param {string} options.language
 */
export async function signUpContributor(client, { dataDir, email, language }) {
  const password = `Load-${email.split('@')[0]}-9x`;
  expectOk(
    await client.call(contracts.postAuthSignup, {
      json: { firstname: 'Load', lastname: 'Runner', email, password, role: 'contributor' },
    }),
    `sign-up of ${email}`,
  );
  const token = await verificationToken(path.join(dataDir, 'outbox'), email);
  expectOk(await client.call(contracts.postAuthVerify, { json: { token } }), `verification of ${email}`);
  const signedIn = expectOk(
    await client.call(contracts.postAuthSignin, { json: { email, password } }),
    `sign-in of ${email}`,
  );
  const cookie = signedIn.headers
    ?.getSetCookie()
    .find((c) => c.startsWith('plt='))
    ?.slice('plt='.length)
    .split(';')[0];
  if (!cookie) throw new Error(`sign-in of ${email} set no plt cookie`);
  client.cookie = cookie;
  const session = expectOk(await client.call(contracts.getAuthSession), `session of ${email}`);
  expectOk(
    await client.call(contracts.putUserPreferences, { json: { language } }),
    `preferences of ${email}`,
  );
  return /** @type {string} */ (session.body.user.id);
}
