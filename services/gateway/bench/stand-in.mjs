// @ts-check
// A second gateway whose services are both the no-op stand-in (bench-upstream.cjs): the floor of what
// proxying costs, with no database work on either side to hide it.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../../tools/platform.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const gatewayDir = resolve(here, '..');

export const STAND_IN_PATH = '/api/text-audio-pairs/bench';

/**
 * @param {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, null>} child
 * @returns {Promise<string>}
 */
function firstLine(child) {
  return new Promise((resolveLine, reject) => {
    let buffered = '';
    child.stdout.on('data', (d) => {
      buffered += d;
      const nl = buffered.indexOf('\n');
      if (nl >= 0) resolveLine(buffered.slice(0, nl).trim());
    });
    child.once('exit', (code) => reject(new Error(`process exited early with ${code}`)));
  });
}

/** @param {string} url */
async function waitFor(url, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * mongoUri: the gateway opens its accounts database there; no request of this row reaches it.
 * @param {{ dataDir: string, mongoUri: string, identitySecret: string }} options
 */
export async function startStandIn({ dataDir, mongoUri, identitySecret }) {
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  // Gateway first, and only then the stand-in, so the gateway is never left proxying to nothing.
  const stop = async () => {
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' };
    const upstream = spawn(process.execPath, [join(here, 'bench-upstream.cjs')], {
      cwd: gatewayDir,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(upstream);
    const upstreamUrl = `http://127.0.0.1:${await firstLine(upstream)}`;

    const [gatewayPort] = await freePorts(1);
    mkdirSync(dataDir, { recursive: true });
    const gateway = spawn(process.execPath, [join(gatewayDir, 'dist', 'main.js')], {
      cwd: gatewayDir,
      env: {
        ...env,
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        TEXT_URL: upstreamUrl,
        SPEECH_URL: upstreamUrl,
        DATA_DIR: dataDir,
        MONGODB_URI: mongoUri,
        IDENTITY_SECRET: identitySecret,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(gateway);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitFor(`${upstreamUrl}${STAND_IN_PATH}`);
    await waitFor(`${gatewayUrl}${STAND_IN_PATH}`);
    return { upstreamUrl, gatewayUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
