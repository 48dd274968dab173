// @ts-check
// The part of the platform a proxied API call crosses: the embedded database, the text service (the speech
// service copies its sentences from it), the speech service and the gateway, started by the same
// startPlatform as `npm start`, on free ports with a throw-away DATA_DIR. The remotes are not needed: each
// REMOTE_<KEY>_URL is set, which tells startPlatform they are hosted elsewhere, so it neither requires
// their builds nor serves them. A contributor is signed up and signed in the way a person does it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  freePorts,
  loadRemoteCatalog,
  nxEnv,
  remoteEnvVar,
  repoRoot,
  startPlatform,
} from '../../../tools/platform.mjs';
import { fileLog } from '../../../tools/lib/log.mjs';
import { signUpMember } from '../../../tools/lib/member-session.mjs';

const require = createRequire(import.meta.url);
const { signIdentity } = require('@platform/service-kit');

const ROUND_PATH = '/api/sentences?lang=yo';
const ROUND_WAIT_MS = 30_000;

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds only what this benchmark runs (Nx builds their libraries first and skips what is up to date);
 * the shell and the remotes are webpack builds and are left alone, except that the gateway needs the
 * shell's index.html to call itself ready, so the shell is built when it has never been.
 * @returns {Promise<void>}
 */
export function buildWhatRuns() {
  const projects = [
    '@platform/gateway',
    '@platform/text-service',
    '@platform/speech-service',
    '@platform/embedded-mongo',
  ];
  if (!existsSync(join(repoRoot, 'shell/dist/index.html'))) projects.push('@platform/shell');
  const nx = join(repoRoot, 'node_modules/.bin/nx');
  const args = ['run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--outputStyle=static'];
  return new Promise((resolve, reject) => {
    const child = spawn(nx, args, { cwd: repoRoot, env: nxEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (nx exited ${code})`)),
    );
  });
}

/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<unknown>}
 */
async function getJson(url, headers) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * The Speak round must be a real one (sentences in it), or the benchmark would time an empty answer.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
async function checkRound(url, headers) {
  const round = await getJson(url, headers);
  if (!Array.isArray(round) || round.length === 0) {
    throw new Error(`GET ${url} answered no sentences: ${JSON.stringify(round).slice(0, 300)}`);
  }
  return round;
}

/**
 * The speech service copies sentences from the text service every few seconds after both start.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
async function waitForRound(url, headers) {
  const deadline = Date.now() + ROUND_WAIT_MS;
  for (;;) {
    try {
      return await checkRound(url, headers);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}

/** @param {string} file */
function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the services and the gateway, signs a contributor in, and checks their Speak round both ways.
 * Returns the URLs, the session cookie and a way to sign identity headers for direct calls.
 * @param {string} dataDir
 */
export async function startRealPlatform(dataDir) {
  const catalog = loadRemoteCatalog();
  const [gateway, text, speech, mongo] = await freePorts(4);
  const identitySecret = randomBytes(32).toString('hex');
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    IDENTITY_SECRET: identitySecret,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    ...Object.fromEntries(
      catalog.map((r) => [remoteEnvVar(r.key), `http://localhost:${r.defaultPort}/mf-manifest.json`]),
    ),
  };
  delete env.MONGODB_URI;
  const logFile = join(dataDir, 'platform.log');
  const log = fileLog(logFile);
  let platform;
  try {
    platform = await startPlatform({
      env,
      ports: { gateway, text, speech, mongo },
      dataDir,
      log,
      onFailure: ({ name }) => process.stderr.write(`\nbench: ${name} died; see ${logFile}\n`),
    });
  } catch (error) {
    await log.close();
    throw new Error(`${/** @type {Error} */ (error).message}\n--- ${logFile} ---\n${tail(logFile)}`, {
      cause: error,
    });
  }

  const stop = async () => {
    await platform.stop();
    await log.close();
  };
  try {
    // The same address as the direct calls (the site's URL says localhost, which may resolve to ::1 first).
    const site = platform.urls.site.replace('//localhost:', '//127.0.0.1:');
    const { cookie } = await signUpMember(site, dataDir);
    const sessionCookie = { cookie: `plt=${cookie}` };
    const { user } = /** @type {import('@platform/contracts').SessionReply} */ (
      await getJson(`${site}/auth/session`, sessionCookie)
    );
    // What the gateway tells services about this person (src/identity-propagation.ts).
    const identity = { id: user.id, role: user.role, name: `${user.firstname} ${user.lastname}` };
    // A signature covers one request (method, target, service): the direct calls are all this GET.
    const signed = () =>
      signIdentity(identity, identitySecret, { method: 'GET', url: ROUND_PATH, service: 'speech' });

    // Through the gateway first: it also remembers Yoruba as the person's language, so every measured
    // request after this one, direct or not, does the same reads and no write.
    await waitForRound(`${site}${ROUND_PATH}`, sessionCookie);
    await checkRound(`${platform.urls.speech}${ROUND_PATH}`, signed());
    return {
      urls: { ...platform.urls, site },
      roundPath: ROUND_PATH,
      sessionCookie,
      signed,
      identitySecret,
      logFile,
      stop,
    };
  } catch (error) {
    await stop();
    throw new Error(`${/** @type {Error} */ (error).message}\n--- ${logFile} ---\n${tail(logFile)}`, {
      cause: error,
    });
  }
}
