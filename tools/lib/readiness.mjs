// @ts-check
// Readiness probes: poll until a port accepts connections or a URL answers 2xx, or give up with a
// message that names what did not come up.
import net from 'node:net';

/**
 * How long to wait, and `aborted()`: the process being waited for has exited, so waiting longer is pointless.
 * @typedef {{ timeoutMs: number, aborted?: () => boolean }} WaitOptions
 */

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {string} host
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function canConnect(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    /** @param {boolean} ok */
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** @param {string} url */
async function urlAnswers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * @param {() => Promise<boolean>} check
 * @param {WaitOptions & { what: string }} options
 */
async function pollUntil(check, { timeoutMs, what, aborted }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (aborted?.()) throw new Error(`${what}: process exited before it was ready`);
    if (await check()) return;
    await sleep(150);
  }
  throw new Error(`${what}: not ready after ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * @param {string} host
 * @param {number} port
 * @param {WaitOptions} opts
 */
export const waitForPort = (host, port, opts) =>
  pollUntil(() => canConnect(host, port), { what: `${host}:${port}`, ...opts });

/**
 * @param {string} url
 * @param {WaitOptions} opts
 */
export const waitForUrl = (url, opts) => pollUntil(() => urlAnswers(url), { what: url, ...opts });

/**
 * True when something already listens there: starting a second server on it would fail obscurely.
 * @param {string} host
 * @param {number} port
 */
export const portInUse = (host, port) => canConnect(host, port);
