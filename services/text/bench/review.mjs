// @ts-check
// Review benchmark. Not a test: it measures and prints.
//
//   node services/text/bench/review.mjs                          # 100,000 pending sentences, 20,000 pairs
//   BENCH_PENDING=100000 BENCH_PAIRS=20000 BENCH_QUERIES=500 node services/text/bench/review.mjs
//   BENCH_LOCK=/tmp/bench.lock node services/text/bench/review.mjs   # the timed part holds this file's flock
//
// Starts the embedded MongoDB (a child process, fresh folder) and the built text service, loads
// BENCH_PENDING pending written sentences (five languages, 2,000 writers, 0-1 reviews each, as a queue in
// use looks) plus BENCH_VALIDATED validated ones and BENCH_PAIRS pending text pairs, then, over HTTP, has
// BENCH_REVIEWERS people work through the queue: each turn times GET /api/review/next (any language, one
// language, pairs) and then judges the item it got (approve, reject or skip), so every reviewer's history of
// judged items grows as it would. Prints p50/p95/max of each call. Target: next item p95 < 20 ms.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { MongoClient, ObjectId } from 'mongodb';
import { build, createBench, cycle, keyedByString, log, ms, pct } from '../../../tools/bench/harness.mjs';

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
const bench = createBench('text-review-bench-');
/**
 * The service's roll-up rebuilds (src/activity/backfill.ts), marked done before it starts: the first rebuild
 * over the loaded items takes the database for many minutes on a busy machine, and this benchmark times the
 * queue, not that one-time rebuild.
 */
const ROLLUPS = ['text-activity', 'text-quality', 'text-people'];

/**
 * @param {string} name
 * @param {number[]} xs
 */
const summary = (name, xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${name.padEnd(34)} n=${String(s.length).padEnd(5)} p50 ${ms(pct(s, 50))}  p95 ${ms(pct(s, 95))}  max ${ms(s[s.length - 1] ?? NaN)}`;
};

/**
 * Identity headers for one request, as the gateway signs them.
 * @param {string} id
 * @param {string} method
 * @param {string} url
 */
const signed = (id, method, url) => bench.signed('text', { id, method, url });

/**
 * On a machine shared by several people, BENCH_LOCK names a file whose exclusive lock (flock(1)) the timed
 * part holds, so their builds and tests wait while it measures; loading and index builds run without it.
 * Resolves to the function that releases it.
 * @returns {Promise<() => void>}
 */
async function exclusive() {
  const file = env.BENCH_LOCK;
  if (!file) return () => {};
  // flock holds the lock while `cat` waits on its stdin; closing stdin ends cat and releases it
  const holder = spawn('flock', ['-x', file, 'sh', '-c', 'echo held; exec cat'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await once(holder.stdout, 'data');
  return () => holder.stdin.end();
}

/** @param {import('mongodb').Db} db */
async function load(db) {
  const t0 = Date.now();
  const base = Date.now() - (PENDING + VALIDATED) * 1000;
  /**
   * @param {string} col
   * @param {(i: number) => import('mongodb').Document} make
   * @param {number} n
   */
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
  await keyedByString(db, 'counters').updateOne(
    { _id: 'sentences' },
    { $set: { value: seq } },
    { upsert: true },
  );
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
  await keyedByString(db, 'counters').updateOne(
    { _id: 'text_pairs' },
    { $set: { value: pairSeq } },
    { upsert: true },
  );
  const now = new Date();
  await keyedByString(db, 'activity_backfill').insertMany(
    ROLLUPS.map((_id) => ({ _id, cutoff: now, state: 'done', doneAt: now, written: 0 })),
  );
  log(
    `  ${PENDING} pending + ${VALIDATED} validated sentences, ${PAIRS} pending pairs in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** @param {string} textUrl */
async function review(textUrl) {
  /** @type {Record<'next' | 'nextLang' | 'nextPair' | 'verdict' | 'heavy' | 'own' | 'readOnly', number[]>} */
  const times = { next: [], nextLang: [], nextPair: [], verdict: [], heavy: [], own: [], readOnly: [] };
  /**
   * @param {string} method
   * @param {string} url
   * @param {string} who
   * @param {object} [body]
   * @returns {Promise<[number, { item?: { id: string } }]>}
   */
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
  for (let i = 0; i < QUERIES; i++) {
    const who = `reviewer${i % REVIEWERS}`;
    /** @type {['next' | 'nextLang' | 'nextPair', string, string][]} */
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
        verdict: cycle(verdicts, i + key.length),
      });
      times.verdict.push(tv);
    }
  }
  // Reads alone, with no write in between: what the queue itself costs.
  for (let i = 0; i < QUERIES; i++) {
    const query = i % 2 ? 'kind=sentence' : `kind=sentence&lang=${LANGS[i % 5]}`;
    times.readOnly.push(
      (await call('GET', `${textUrl}/api/review/next?${query}`, `reviewer${i % REVIEWERS}`))[0],
    );
  }
  return times;
}

/**
 * The timed part, holding BENCH_LOCK when given: a warm-up, then the reviewers' turns.
 * @param {string} textUrl
 */
async function measure(textUrl) {
  const release = await exclusive();
  try {
    log(`timing next item and verdicts (load average ${(loadavg()[0] ?? 0).toFixed(1)})...`);
    const warm = Number(env.BENCH_WARMUP ?? 20);
    for (let i = 0; i < warm; i++)
      await fetch(`${textUrl}/api/review/next?kind=sentence`, {
        headers: signed('warmup', 'GET', `${textUrl}/api/review/next?kind=sentence`),
      });
    const times = await review(textUrl);
    return { times, measuredLoad: loadavg() };
  } finally {
    release();
  }
}

async function main() {
  log(
    `review benchmark: ${PENDING} pending sentences, ${PAIRS} pending pairs, ${QUERIES} turns of ${REVIEWERS} reviewers`,
  );
  log('building...');
  build(['libs/contracts', 'libs/service-kit', 'libs/embedded-mongo', 'services/text']);
  const { uri } = await bench.startMongo();
  // Loaded before the service starts, so the timing includes no index build in the background.
  const client = new MongoClient(uri);
  log('loading...');
  await load(client.db('text'));
  await client.close();
  // Ready once its indexes are built over the loaded data: minutes on a busy machine.
  const starting = Date.now();
  const { url: textUrl } = await bench.startService('text', {
    portVar: 'TEXT_PORT',
    uri,
    readyMs: Number(env.BENCH_READY_MS ?? 900_000),
  });
  log(`  the service was ready after ${((Date.now() - starting) / 1000).toFixed(1)} s`);
  const { times, measuredLoad } = await measure(textUrl);
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
    `load average while measuring: ${measuredLoad
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
}

bench.run(main, { exitAfter: true });
