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

/** The repository's root folder: where the children run and the built files are. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const log = (...a) => console.log(...a);
export const ms = (n) => `${n.toFixed(2)} ms`;
export const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
/** The p-th percentile of an ascending array. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A table row `| name | p50 | p95 | < target ms: met |` for ascending timings in milliseconds. */
export const percentileRow = (name, sorted, target) =>
  `| ${name} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | < ${target} ms: ${pct(sorted, 95) < target ? 'met' : 'NOT met'} |`;

/** Runs `npm run build` in each folder (libraries first); BENCH_SKIP_BUILD=1 skips it (already built). */
export function build(dirs) {
  if (process.env.BENCH_SKIP_BUILD) return;
  for (const dir of dirs) {
    execFileSync('npm', ['run', 'build', '--silent'], {
      cwd: join(root, dir),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}

export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

/** Polls `${url}/readyz` until it answers 200. */
export async function waitReady(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.status === 200) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${url} not ready`);
}

/** Waits (up to 100 tries, 100 ms apart) until anything answers at url. */
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

/** Resident memory (VmRSS) of a process in KB, 0 once it is gone. */
export const rssKb = (pid) => {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
};

/** CPU seconds (user + system) a process has used so far. */
export const cpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

/**
 * Samples the resident memory of { name: pid } every 50 ms into `peak`, and keeps `checkpoints`: one before
 * the work, then one at every quarter of `total` (mark(done) after each item) and at the end.
 */
export function watchRss(pids, total) {
  const now = () => Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, rssKb(pid)]));
  const peak = Object.fromEntries(Object.keys(pids).map((k) => [k, 0]));
  const sampler = setInterval(() => {
    for (const k of Object.keys(pids)) peak[k] = Math.max(peak[k], rssKb(pids[k]));
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

/** Prints the `| <done> | gateway RSS | speech RSS |` table of a watchRss run. */
export function logRssTable(doneLabel, { checkpoints, peak }) {
  log(`| ${doneLabel} | gateway RSS | speech RSS |`);
  log(`| ---: | ---: | ---: |`);
  for (const c of checkpoints) log(`| ${c.done} | ${mb(c.gateway)} | ${mb(c.speech)} |`);
  log(`| peak | ${mb(peak.gateway)} | ${mb(peak.speech)} |`);
}

/** Runs task(n) for n = 0 .. total-1 from `clients` concurrent loops. */
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
 */
export async function timedRequests({ total, clients, pids, request, onAnswer }) {
  const rss = watchRss(pids, total);
  let done = 0;
  const statuses = {};
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
 */
export function createBench(prefix) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const secret = randomBytes(32).toString('hex');
  const children = [];

  /** Starts `node args` in the root; resolves once its output matches readyPattern (at once without one). */
  function start(name, args, extraEnv, readyPattern) {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    return new Promise((res, rej) => {
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
    return { child, uri: match[1] };
  }

  /**
   * A built service (dist/main.js of services/<name>) on a free port given in `portVar`, signed by this
   * run's secret, quiet, with its data in the work folder; resolves once /readyz answers 200.
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

  /** Identity headers for one request to `service`, as the gateway signs them (the kit's dist: build first). */
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
