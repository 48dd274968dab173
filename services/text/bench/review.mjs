// Review benchmark. Not a test: it measures and prints.
//
//   node services/text/bench/review.mjs                          # 100,000 pending sentences, 20,000 pairs
//   BENCH_PENDING=100000 BENCH_PAIRS=20000 BENCH_QUERIES=500 node services/text/bench/review.mjs
//
// Starts the embedded MongoDB (a child process, fresh folder) and the built text service, loads
// BENCH_PENDING pending written sentences (five languages, 2,000 writers, 0-1 reviews each, as a queue in
// use looks) plus BENCH_VALIDATED validated ones and BENCH_PAIRS pending text pairs, then, over HTTP, has
// BENCH_REVIEWERS people work through the queue: each turn times GET /api/review/next (any language, one
// language, pairs) and then judges the item it got (approve, reject or skip), so every reviewer's history of
// judged items grows as it would. Prints p50/p95/max of each call. Target: next item p95 < 20 ms.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, ObjectId } from 'mongodb';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const root = resolve(here, '../../..');
const env = process.env;
const PENDING = Number(env.BENCH_PENDING ?? 100_000);
const VALIDATED = Number(env.BENCH_VALIDATED ?? 50_000);
const PAIRS = Number(env.BENCH_PAIRS ?? 20_000);
const QUERIES = Number(env.BENCH_QUERIES ?? 300);
const REVIEWERS = Number(env.BENCH_REVIEWERS ?? 20);
/** One reviewer who has already judged (skipped) this many items at the very front of the queue. */
const HEAVY = Number(env.BENCH_HEAVY ?? 5000);
/** One writer whose own pending items, this many, are the next at the front of the queue after those. */
const OWN = Number(env.BENCH_OWN ?? 5000);
const WRITERS = 2000;
const LANGS = ['yo', 'en', 'ha', 'ig', 'pcm'];
const SECRET = randomBytes(32).toString('hex');
const children = [];
const work = mkdtempSync(join(tmpdir(), 'text-review-bench-'));

const log = (...a) => console.log(...a);
const ms = (n) => `${n.toFixed(2)} ms`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (name, xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${name.padEnd(34)} n=${String(s.length).padEnd(5)} p50 ${ms(pct(s, 50))}  p95 ${ms(pct(s, 95))}  max ${ms(s[s.length - 1])}`;
};

function build() {
  if (env.BENCH_SKIP_BUILD) return;
  for (const dir of ['libs/contracts', 'libs/service-kit', 'libs/embedded-mongo', 'services/text']) {
    execFileSync('npm', ['run', 'build', '--silent'], {
      cwd: join(root, dir),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}

const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

function start(name, args, extraEnv, readyPattern) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
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

async function waitReady(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready`);
}

/** Identity headers for one request, as the gateway signs them (the kit's dist, after build()). */
function signed(id, method, url) {
  const { signIdentity } = require('@platform/service-kit');
  const { pathname, search } = new URL(url);
  return signIdentity({ id, role: 'contributor', name: `Bench ${id}` }, SECRET, {
    method,
    url: `${pathname}${search}`,
    service: 'text',
  });
}

async function load(db) {
  const t0 = Date.now();
  const base = Date.now() - (PENDING + VALIDATED) * 1000;
  const insert = async (col, make, n) => {
    for (let from = 0; from < n; from += 5000) {
      const docs = [];
      for (let i = from; i < Math.min(n, from + 5000); i++) docs.push(make(i));
      await db.collection(col).insertMany(docs, { ordered: false });
    }
  };
  let seq = 1;
  await insert(
    'sentences',
    (i) => {
      const pending = i < PENDING;
      // A queue in use: about a third of the pending items already have one review.
      const reviewed = pending && i % 3 === 0;
      // The unreviewed pending items come first in the queue (oldest first): the heavy reviewer skipped the
      // first HEAVY of them.
      const position = pending && !reviewed ? Math.floor(i / 3) * 2 + (i % 3) - 1 : -1;
      const heavy = position >= 0 && position < HEAVY;
      const own = position >= HEAVY && position < HEAVY + OWN;
      const approvals = reviewed && i % 2 === 0 ? 1 : 0;
      return {
        _id: new ObjectId(),
        text: `Benchmark sentence number ${i}.`,
        key: `benchmarksentencenumber${i}`,
        language: LANGS[i % 5],
        citation: 'Benchmark.',
        license: 'CC0-1.0',
        source: 'write',
        status: pending ? 'pending' : 'validated',
        createdAt: new Date(base + i * 1000),
        seq: seq++,
        authorId: own ? 'prolific' : `writer${i % WRITERS}`,
        domains: ['general'],
        approvals,
        rejections: reviewed ? 1 - approvals : 0,
        reviews: reviewed ? 1 : 0,
        skips: heavy ? 1 : 0,
        judgedBy: reviewed ? [`earlier${i % 97}`] : heavy ? ['heavy'] : [],
      };
    },
    PENDING + VALIDATED,
  );
  await db.collection('counters').updateOne({ _id: 'sentences' }, { $set: { value: seq } }, { upsert: true });
  let pairSeq = 1;
  await insert(
    'text_pairs',
    (i) => ({
      _id: new ObjectId(),
      source_lang_text: `Benchmark pair number ${i}.`,
      target_lang_text: `Gbólóhùn àpẹẹrẹ ${i}.`,
      text_category: 'conversational',
      authorId: `writer${i % WRITERS}`,
      status: 'pending',
      approvals: 0,
      rejections: 0,
      reviews: 0,
      skips: 0,
      judgedBy: [],
      key: `benchmark pair number ${i}\u0000gbólóhùn àpẹẹrẹ ${i}`,
      createdAt: new Date(base + i * 1000),
      seq: pairSeq++,
    }),
    PAIRS,
  );
  await db
    .collection('counters')
    .updateOne({ _id: 'text_pairs' }, { $set: { value: pairSeq } }, { upsert: true });
  log(
    `  ${PENDING} pending + ${VALIDATED} validated sentences, ${PAIRS} pending pairs in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

async function review(textUrl) {
  const times = { next: [], nextLang: [], nextPair: [], verdict: [] };
  const call = async (method, url, who, body) => {
    const t = performance.now();
    const r = await fetch(url, {
      method,
      headers: { ...signed(who, method, url), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await r.json();
    const elapsed = performance.now() - t;
    if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(json)}`);
    return [elapsed, json];
  };
  const verdicts = ['approve', 'reject', 'skip'];
  times.heavy = [];
  times.own = [];
  for (let i = 0; i < QUERIES; i++) {
    const who = `reviewer${i % REVIEWERS}`;
    const kinds = [
      ['next', 'kind=sentence', 'sentence'],
      ['nextLang', `kind=sentence&lang=${LANGS[i % 5]}`, 'sentence'],
      ['nextPair', 'kind=pair', 'pair'],
    ];
    if (HEAVY > 0 && i % 3 === 0) {
      // Timed without a verdict, so the heavy reviewer's history stays as loaded.
      const [t] = await call('GET', `${textUrl}/api/review/next?kind=sentence`, 'heavy');
      times.heavy.push(t);
    }
    if (OWN > 0 && i % 3 === 1) {
      const [t] = await call('GET', `${textUrl}/api/review/next?kind=sentence`, 'prolific');
      times.own.push(t);
    }
    for (const [key, query, kind] of kinds) {
      const [t, body] = await call('GET', `${textUrl}/api/review/next?${query}`, who);
      times[key].push(t);
      if (!body.item) continue;
      const [tv] = await call('POST', `${textUrl}/api/review/${kind}/${body.item.id}`, who, {
        verdict: verdicts[(i + key.length) % 3],
      });
      times.verdict.push(tv);
    }
  }
  // Reads alone, with no write in between: what the queue itself costs.
  times.readOnly = [];
  for (let i = 0; i < QUERIES; i++) {
    const query = i % 2 ? 'kind=sentence' : `kind=sentence&lang=${LANGS[i % 5]}`;
    times.readOnly.push(
      (await call('GET', `${textUrl}/api/review/next?${query}`, `reviewer${i % REVIEWERS}`))[0],
    );
  }
  return times;
}

async function main() {
  log(
    `review benchmark: ${PENDING} pending sentences, ${PAIRS} pending pairs, ${QUERIES} turns of ${REVIEWERS} reviewers`,
  );
  log('building...');
  build();
  const mongo = await start(
    'embedded-mongo',
    ['libs/embedded-mongo/bin/embedded-mongo.js', '--port', '0', '--dbpath', join(work, 'db')],
    {},
    /(mongodb:\/\/[\d.:]+)/,
  );
  const uri = mongo.match[1];
  const port = await freePort();
  const textUrl = `http://127.0.0.1:${port}`;
  // Loaded before the service starts, so the timing includes no index build in the background.
  const client = new MongoClient(uri);
  log('loading...');
  await load(client.db('text'));
  await client.close();
  await start('text', ['services/text/dist/main.js'], {
    MONGODB_URI: uri,
    TEXT_PORT: String(port),
    IDENTITY_SECRET: SECRET,
    LOG_LEVEL: 'fatal',
    DATA_DIR: work,
  });
  await waitReady(textUrl);
  log('timing next item and verdicts...');
  const warm = Number(env.BENCH_WARMUP ?? 20);
  for (let i = 0; i < warm; i++)
    await fetch(`${textUrl}/api/review/next?kind=sentence`, {
      headers: signed('warmup', 'GET', `${textUrl}/api/review/next?kind=sentence`),
    });
  const times = await review(textUrl);
  log(summary('GET /api/review/next?kind=sentence', times.next));
  log(summary('GET /api/review/next?...&lang=<l>', times.nextLang));
  log(summary('GET /api/review/next?kind=pair', times.nextPair));
  log(summary('POST /api/review/:kind/:id', times.verdict));
  if (HEAVY > 0) log(summary(`next, one who skipped the ${HEAVY} first`, times.heavy));
  if (OWN > 0) log(summary(`next, the writer of the ${OWN} next`, times.own));
  log(summary('next, reads alone (no verdicts between)', times.readOnly));
  const all = [...times.next, ...times.nextLang, ...times.nextPair].sort((a, b) => a - b);
  const p95 = pct(all, 95);
  const p95Reads = pct(
    [...times.readOnly].sort((a, b) => a - b),
    95,
  );
  log(`next review item p95 between verdicts ${ms(p95)}, reads alone ${ms(p95Reads)} (target < 20 ms)`);
  log(
    `load average while measuring: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
}

const cleanup = () => {
  for (const c of children) c.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
};
main()
  .then(cleanup)
  .catch((err) => {
    console.error(err);
    cleanup();
    process.exit(1);
  });
