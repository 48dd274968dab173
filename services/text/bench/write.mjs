// @ts-check
// Write benchmark. Not a test: it measures and prints.
//
//   node services/text/bench/write.mjs                        # 1,000,000 stored sentences
//   BENCH_SENTENCES=100000 node services/text/bench/write.mjs # a quicker run
// (`npm run bench -w services/text` runs it, then the review benchmark.)
//
// 1. Builds and starts the embedded MongoDB (a child process, fresh folder) and the built text service, and
//    loads BENCH_SENTENCES sentences (insertMany in batches of 10,000, spread over the five languages, each
//    with its duplicate key) straight into its database.
// 2. Uploads BENCH_BULK_RUNS bulk files of just under 2 MB (about 25,000 Yoruba lines: mostly new, some
//    already stored, some repeated, some breaking a rule) to POST /api/sentences/bulk, timing upload to
//    per-line answer and sampling the service's resident memory (VmRSS) all along.
// 3. Times BENCH_SINGLES single submissions (POST /api/sentences) one after another: p50/p95.
// Targets (issue: Write): bulk answer < 10 s with memory growth < 100 MB; single submit p95 < 30 ms.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import {
  build,
  cpuSeconds,
  createBench,
  log,
  mb,
  ms,
  pct,
  root,
  keyedByString,
  rssKb,
  sleep,
} from '../../../tools/bench/harness.mjs';

const require = createRequire(import.meta.url);
const env = process.env;
const SENTENCES = Number(env.BENCH_SENTENCES ?? 1_000_000);
const BULK_RUNS = Number(env.BENCH_BULK_RUNS ?? 3);
const SINGLES = Number(env.BENCH_SINGLES ?? 300);
const FILE_BYTES = 2 * 1024 * 1024;
const LANGS = ['yo', 'en', 'ha', 'ig', 'pcm'];
const bench = createBench('text-bench-');

/**
 * Identity headers for one request, as the gateway signs them.
 * @param {string} id
 * @param {string} method
 * @param {string} path
 */
const signed = (id, method, path) => bench.signed('text', { id, method, url: path });

// Distinct words from the Yoruba alphabet: word(i) differs for every i, so every sentence has its own key.
const YO = 'abdefghijklmnoprstuwy';
/** @param {number} i */
function word(i, minLength = 4) {
  let s = '';
  let n = i;
  do {
    s = YO[n % YO.length] + s;
    n = Math.floor(n / YO.length);
  } while (n > 0);
  return s.padStart(minLength, 'a');
}
/** @param {number} i */
const stored = (i) => `Ọmọ ${word(i)} ń ṣeré ní ọgbà.`;

/**
 * @param {import('mongodb').Db} db
 * @param {(text: string) => string} duplicateKey
 */
async function load(db, duplicateKey) {
  const started = Date.now();
  const col = db.collection('sentences');
  const counter = await keyedByString(db, 'counters').findOne({ _id: 'sentences' });
  const firstSeq = (counter?.value ?? 0) + 1;
  const now = new Date();
  for (let from = 0; from < SENTENCES; from += 10_000) {
    const docs = [];
    for (let i = from; i < Math.min(SENTENCES, from + 10_000); i++) {
      const text = stored(i);
      docs.push({
        _id: new ObjectId(),
        text,
        key: duplicateKey(text),
        language: LANGS[i % 5],
        citation: 'Benchmark.',
        license: 'CC0-1.0',
        source: 'write',
        status: i % 3 === 0 ? 'pending' : 'validated',
        authorId: `writer${i % 1000}`,
        domains: ['general'],
        approvals: 0,
        rejections: 0,
        createdAt: now,
        seq: firstSeq + i,
      });
    }
    await col.insertMany(docs, { ordered: false });
    if ((from / 10_000) % 20 === 19)
      log(`  ... ${from + 10_000} sentences (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await keyedByString(db, 'counters').updateOne(
    { _id: 'sentences' },
    { $max: { value: firstSeq + SENTENCES - 1 } },
    { upsert: true },
  );
  return (Date.now() - started) / 1000;
}

/**
 * A file of just under 2 MB: mostly new Yoruba sentences, 2% already stored, 2% repeated, 2% with digits.
 * @param {number} run
 */
function bulkFile(run) {
  /** @type {string[]} */
  const lines = [];
  let bytes = 0;
  for (let i = 0; ; i++) {
    let line;
    if (i % 50 === 7)
      line = stored((i * 5) % SENTENCES); // a stored Yoruba sentence (i*5: language yo)
    else if (i % 50 === 8 && lines.length)
      line = lines[lines.length - 2] ?? ''; // repeated in the file
    else if (i % 50 === 9)
      line = `Mo ní ọmọ ${i}.`; // a digit
    else line = `Bàbá ${word(run * 1_000_000 + i, 5)} ń kọrin pẹ̀lú ayọ̀ ní ọjà àti ilé wa.`;
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > FILE_BYTES - 1024) break;
    lines.push(line);
    bytes += size;
  }
  return { data: Buffer.from(`${lines.join('\n')}\n`), lines: lines.length };
}

/**
 * @param {string} url
 * @param {{ text: number | undefined, db: number | undefined }} pids
 * @param {number} run
 */
async function bulkUpload(url, pids, run, file = bulkFile(run)) {
  const pid = pids.text;
  const form = new FormData();
  form.append('citation', 'Benchmark file.');
  form.append('domain', 'general,news');
  form.append('lang', 'yo');
  form.append('cc0Confirmed', 'true');
  form.append('file', new Blob([file.data], { type: 'text/plain' }), `bench-${run}.txt`);
  const before = rssKb(pid);
  const cpuBefore = { text: cpuSeconds(pids.text), db: cpuSeconds(pids.db) };
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const t = performance.now();
  const r = await fetch(`${url}/api/sentences/bulk`, {
    method: 'POST',
    body: form,
    headers: signed(`bulk${run}`, 'POST', '/api/sentences/bulk'),
  });
  const body = await r.json();
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  if (r.status !== 201) throw new Error(`bulk: ${r.status} ${JSON.stringify(body).slice(0, 500)}`);
  const cpu = { text: cpuSeconds(pids.text) - cpuBefore.text, db: cpuSeconds(pids.db) - cpuBefore.db };
  return {
    cpu,
    seconds,
    bytes: file.data.length,
    lines: file.lines,
    accepted: body.accepted,
    refused: body.refused,
    before,
    peak,
    after: rssKb(pid),
  };
}

/** @param {string} url */
async function singles(url) {
  /** @type {number[]} */
  const times = [];
  /** @type {Record<number, number>} */
  const statuses = {};
  for (let i = 0; i < SINGLES + 30; i++) {
    const body = JSON.stringify({
      text: `Ìyá ${word(5_000_000 + i, 5)} ń se oúnjẹ.`,
      citation: 'Benchmark.',
      domain: ['general'],
      lang: 'yo',
      cc0Confirmed: true,
    });
    const t = performance.now();
    const r = await fetch(`${url}/api/sentences`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...signed(`single${i % 10}`, 'POST', '/api/sentences') },
    });
    await r.arrayBuffer();
    if (i >= 30) {
      times.push(performance.now() - t); // the first 30 warm up
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  }
  times.sort((a, b) => a - b);
  return { times, statuses };
}

async function main() {
  log(
    `text (Write) benchmark: ${SENTENCES} stored sentences, ${BULK_RUNS} bulk files of ~2 MB, ${SINGLES} single submissions`,
  );
  log('building...');
  build(['libs/contracts', 'libs/service-kit', 'libs/embedded-mongo', 'services/text']);
  // Typed by the sources it is built from.
  const { duplicateKey } = /** @type {typeof import('../src/rules/sentence-rules')} */ (
    require(join(root, 'services/text/dist/rules/sentence-rules.js'))
  );
  const mongo = await bench.startMongo();
  const { uri } = mongo;
  const text = await bench.startService('text', { portVar: 'TEXT_PORT', uri, readyMs: 120_000 });
  const { url } = text;
  // The starter set first, so the load continues its sequence numbers.
  const client = new MongoClient(uri);
  const db = client.db('text');
  for (
    let i = 0;
    i < 100 && (await db.collection('sentences').countDocuments({ source: 'seed' })) === 0;
    i++
  ) {
    await sleep(200);
  }
  log('loading...');
  const loadSeconds = await load(db, duplicateKey);
  const total = await db.collection('sentences').estimatedDocumentCount();
  log(`  ${SENTENCES} sentences loaded in ${loadSeconds.toFixed(1)} s (${total} stored in all)`);
  await client.close();

  log('bulk uploads...');
  const bulks = [];
  const pids = { text: text.child.pid, db: mongo.child.pid };
  // One small file first, so the code a bulk upload runs is loaded before anything is measured.
  const small = Buffer.from('Ẹ kú àárọ̀, ẹ̀yin ará.\nMo ní 2.\n');
  await bulkUpload(url, pids, 0, { data: small, lines: 2 });
  for (let run = 1; run <= BULK_RUNS; run++) bulks.push(await bulkUpload(url, pids, run));
  log('single submissions...');
  const s = await singles(url);

  log('');
  log(
    `| bulk file (POST /api/sentences/bulk, ${total} stored) | lines | accepted / refused | upload to answer | CPU: service / database | RSS before → peak (growth) | target |`,
  );
  log('| --- | ---: | ---: | ---: | ---: | --- | --- |');
  for (const [i, b] of bulks.entries()) {
    const growth = (b.peak - b.before) / 1024;
    const met = b.seconds < 10 && growth < 100;
    log(
      `| run ${i + 1}: ${(b.bytes / 1024 / 1024).toFixed(2)} MB | ${b.lines} | ${b.accepted} / ${b.refused} | ${b.seconds.toFixed(2)} s | ${b.cpu.text.toFixed(1)} s / ${b.cpu.db.toFixed(1)} s | ${mb(b.before)} → ${mb(b.peak)} (+${growth.toFixed(0)} MB) | < 10 s, < 100 MB: ${met ? 'met' : 'NOT met'} |`,
    );
  }
  log('');
  log('| single submit (POST /api/sentences) | p50 | p95 | max | target p95 |');
  log('| --- | ---: | ---: | ---: | --- |');
  log(
    `| ${SINGLES} new Yoruba sentences, one after another | ${ms(pct(s.times, 50))} | ${ms(pct(s.times, 95))} | ${ms(s.times[s.times.length - 1] ?? NaN)} | < 30 ms: ${pct(s.times, 95) < 30 ? 'met' : 'NOT met'} |`,
  );
  log(`statuses: ${JSON.stringify(s.statuses)}`);
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  log(`load average at the end (other work on the machine): ${loadAverage}`);
}

bench.run(main, { exitAfter: true });
