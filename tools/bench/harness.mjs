// @ts-check
// What the service benchmarks (services/*/bench/*.mjs) share: building what they run, starting the embedded
// database and the built services as child processes on free ports in a throw-away folder, waiting for them
// to answer, signing identity headers as the gateway does, sampling resident memory, and the figures and
// table rows they print. Not a test: nothing here asserts.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** @typedef {import('@platform/contracts').Identity['role']} Role */
/** @typedef {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>} Child */

/**
 * A collection whose documents the services key by string ids (the driver's default is an ObjectId).
 * @param {import('mongodb').Db} db
 * @param {string} name
 */
export const keyedByString = (db, name) =>
  /** @type {import('mongodb').Collection<import('mongodb').Document & { _id: string }>} */ (
    db.collection(name)
  );

/** The repository's root folder: where the children run and the built files are. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {...unknown} a */
export const log = (...a) => console.log(...a);
/** @param {number} n */
export const ms = (n) => `${n.toFixed(2)} ms`;
/** @param {number} kb */
export const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
/**
 * The p-th percentile of an ascending array (NaN for an empty one).
 * @param {number[]} sorted
 * @param {number} p
 */
export const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
/**
 * items[n % items.length]: how the benchmarks spread their work over a fixed list (an empty one is an error).
 * @template T
 * @param {readonly T[]} items
 * @param {number} n
 * @returns {T}
 */
export function cycle(items, n) {
  const item = items[n % items.length];
  if (item === undefined) throw new Error('cycle: the list is empty');
  return item;
}
/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A table row `| name | p50 | p95 | < target ms: met |` for ascending timings in milliseconds.
 * @param {string} name
 * @param {number[]} sorted
 * @param {number} target
 */
export const percentileRow = (name, sorted, target) =>
  `| ${name} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | < ${target} ms: ${pct(sorted, 95) < target ? 'met' : 'NOT met'} |`;

/**
 * Runs `npm run build` in each folder (libraries first); BENCH_SKIP_BUILD=1 skips it (already built).
 * @param {string[]} dirs
 */
export function build(dirs) {
  if (process.env.BENCH_SKIP_BUILD) return;
  for (const dir of dirs) {
    execFileSync('npm', ['run', 'build', '--silent'], {
      cwd: join(root, dir),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}

/** @returns {Promise<number>} */
export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      // A TCP server's address is an AddressInfo (a string only for a pipe or socket file).
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => res(port));
    });
  });

/**
 * Polls `${url}/readyz` until it answers 200.
 * @param {string} url
 */
export async function waitReady(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} not ready`);
}

/**
 * Waits (up to 100 tries, 100 ms apart) until anything answers at url.
 * @param {string} url
 */
export async function waitAnswering(url) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      await sleep(100);
    }
  }
}

/**
 * Resident memory (VmRSS) of a process in KB, 0 once it is gone (or never had an id).
 * @param {number | undefined} pid
 */
export const rssKb = (pid) => {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
};

/**
 * CPU seconds (user + system) a process has used so far.
 * @param {number | undefined} pid
 */
export const cpuSeconds = (pid) => {
  try {
    const [, afterName] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
    // The command name is always in parentheses; a line without them throws here, read as 0 like a gone pid.
    const fields = /** @type {string} */ (afterName).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

/**
 * One figure for each process of { name: pid }, e.g. perProcess(pids, cpuSeconds).
 * @template {string} Name
 * @param {Record<Name, number | undefined>} pids
 * @param {(pid: number | undefined, name: Name) => number} measure
 * @returns {Record<Name, number>}
 */
export function perProcess(pids, measure) {
  // The keys of a Record<Name, …> are its names (Object.entries widens them to strings).
  const entries = /** @type {[Name, number | undefined][]} */ (Object.entries(pids));
  return /** @type {Record<Name, number>} */ (
    Object.fromEntries(entries.map(([name, pid]) => [name, measure(pid, name)]))
  );
}

/**
 * Samples the resident memory of { name: pid } every 50 ms into `peak`, and keeps `checkpoints`: one before
 * the work, then one at every quarter of `total` (mark(done) after each item) and at the end.
 * @template {string} Name
 * @param {Record<Name, number | undefined>} pids
 * @param {number} total
 * @returns {RssWatch<Name>}
 */
export function watchRss(pids, total) {
  // The keys of a Record<Name, …> are its names (Object.keys widens them to strings).
  const names = /** @type {Name[]} */ (Object.keys(pids));
  /** @param {(name: Name) => number} sizeOf */
  const byName = (sizeOf) =>
    /** @type {Record<Name, number>} */ (Object.fromEntries(names.map((k) => [k, sizeOf(k)])));
  const now = () => byName((k) => rssKb(pids[k]));
  const peak = byName(() => 0);
  const sampler = setInterval(() => {
    for (const k of names) peak[k] = Math.max(peak[k], rssKb(pids[k]));
  }, 50);
  const checkpoints = [{ done: 0, ...now() }];
  return {
    peak,
    checkpoints,
    mark(done) {
      if (done % Math.max(1, Math.floor(total / 4)) === 0 || done === total)
        checkpoints.push({ done, ...now() });
    },
    stop: () => clearInterval(sampler),
  };
}

/**
 * @template {string} Name
 * @typedef {object} RssWatch
 * @property {Record<Name, number>} peak the largest resident memory seen, in KB
 * @property {({ done: number } & Record<Name, number>)[]} checkpoints
 * @property {(done: number) => void} mark
 * @property {() => void} stop
 */

/**
 * Prints the `| <done> | gateway RSS | speech RSS |` table of a watchRss run.
 * @param {string} doneLabel
 * @param {RssWatch<'gateway' | 'speech'>} watch
 */
export function logRssTable(doneLabel, { checkpoints, peak }) {
  log(`| ${doneLabel} | gateway RSS | speech RSS |`);
  log(`| ---: | ---: | ---: |`);
  for (const c of checkpoints) log(`| ${c.done} | ${mb(c.gateway)} | ${mb(c.speech)} |`);
  log(`| peak | ${mb(peak.gateway)} | ${mb(peak.speech)} |`);
}

/**
 * Runs task(n) for n = 0 .. total-1 from `clients` concurrent loops.
 * @param {number} total
 * @param {number} clients
 * @param {(n: number) => Promise<unknown>} task
 */
export async function concurrently(total, clients, task) {
  let next = 0;
  const client = async () => {
    while (next < total) await task(next++);
  };
  await Promise.all([...Array(clients)].map(client));
}

/**
 * Sends `total` requests from `clients` concurrent loops while watchRss(pids, total) samples memory. request(n)
 * gives fetch's [url, init]; each is timed from the fetch to the end of its body. onAnswer(response, body,
 * statuses), when given, sees each answer (body: an ArrayBuffer) before its status is counted.
 * Resolves to { seconds, statuses, latencies (ascending), rss }.
 * @template {string} Name
 * @param {object} options
 * @param {number} options.total
 * @param {number} options.clients
 * @param {Record<Name, number | undefined>} options.pids
 * @param {(n: number) => [string, RequestInit?]} options.request
 * @param {(response: Response, body: ArrayBuffer, statuses: Record<number, number>) => void} [options.onAnswer]
 */
export async function timedRequests({ total, clients, pids, request, onAnswer }) {
  const rss = watchRss(pids, total);
  let done = 0;
  /** @type {Record<number, number>} */
  const statuses = {};
  /** @type {number[]} */
  const latencies = [];
  const started = performance.now();
  await concurrently(total, clients, async (n) => {
    const [url, init] = request(n);
    const t = performance.now();
    const r = await fetch(url, init);
    const body = await r.arrayBuffer();
    latencies.push(performance.now() - t);
    onAnswer?.(r, body, statuses);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    rss.mark(++done);
  });
  const seconds = (performance.now() - started) / 1000;
  rss.stop();
  latencies.sort((a, b) => a - b);
  return { seconds, statuses, latencies, rss };
}

/**
 * One benchmark run: a fresh folder (`work`, prefixed `prefix`), a fresh identity secret, and the children
 * it starts, all stopped by stopChildren() and the folder removed by removeWork().
 * @param {string} prefix
 */
export function createBench(prefix) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const secret = randomBytes(32).toString('hex');
  /** @type {Child[]} */
  const children = [];

  /**
   * Starts `node args` in the root; resolves once its output matches readyPattern (at once without one).
   * @param {string} name
   * @param {string[]} args
   * @param {NodeJS.ProcessEnv} [extraEnv]
   * @param {RegExp} [readyPattern]
   * @returns {Promise<{ child: Child, match?: RegExpMatchArray }>}
   */
  function start(name, args, extraEnv, readyPattern) {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    return new Promise((res, rej) => {
      /** @param {Buffer} d */
      const onData = (d) => {
        out += d;
        const m = readyPattern && out.match(readyPattern);
        if (m) res({ child, match: m });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => rej(new Error(`${name} exited with ${code}:\n${out.slice(-2000)}`)));
      if (!readyPattern) res({ child });
    });
  }

  /** The embedded MongoDB on a port of its choosing, with its data in the work folder. */
  async function startMongo() {
    const { child, match } = await start(
      'embedded-mongo',
      ['libs/embedded-mongo/bin/embedded-mongo.js', '--port', '0', '--dbpath', join(work, 'db')],
      {},
      /(mongodb:\/\/[\d.:]+)/,
    );
    const uri = match?.[1];
    if (!uri) throw new Error('embedded-mongo printed no mongodb:// address');
    return { child, uri };
  }

  /**
   * A built service (dist/main.js of services/<name>) on a free port given in `portVar`, signed by this
   * run's secret, quiet, with its data in the work folder; resolves once /readyz answers 200.
   * @param {string} name
   * @param {{ portVar: string, uri: string, env?: NodeJS.ProcessEnv, readyMs?: number }} options
   */
  async function startService(name, { portVar, uri, env = {}, readyMs }) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { child } = await start(name, [`services/${name}/dist/main.js`], {
      MONGODB_URI: uri,
      [portVar]: String(port),
      IDENTITY_SECRET: secret,
      ...env,
      LOG_LEVEL: 'fatal',
      DATA_DIR: work,
    });
    await waitReady(url, readyMs);
    return { child, url };
  }

  /**
   * Identity headers for one request to `service`, as the gateway signs them (the kit's dist: build first).
   * @param {string} service
   * @param {{ id: string, role?: Role, method?: string, url: string }} request
   */
  function signed(service, { id, role = 'contributor', method = 'GET', url }) {
    const { signIdentity } = require('@platform/service-kit');
    const { pathname, search } = new URL(url, 'http://127.0.0.1');
    return signIdentity({ id, role, name: `Bench ${id}` }, secret, {
      method,
      url: `${pathname}${search}`,
      service,
    });
  }

  const stopChildren = () => {
    for (const c of children) c.kill('SIGTERM');
  };
  const removeWork = () => rmSync(work, { recursive: true, force: true });

  /**
   * Runs main; a failure is printed and sets exit code 1. Then stops the children and, a second later,
   * removes the folder and, with exitAfter, exits whatever is still open (a database client left by a
   * failure).
   * @param {() => Promise<unknown>} main
   * @param {{ exitAfter?: boolean }} [options]
   */
  function run(main, { exitAfter = false } = {}) {
    main()
      .catch((err) => {
        console.error(err);
        process.exitCode = 1;
      })
      .finally(() => {
        stopChildren();
        setTimeout(() => {
          removeWork();
          if (exitAfter) process.exit();
        }, 1000);
      });
  }

  return { work, secret, start, startMongo, startService, signed, run };
}
