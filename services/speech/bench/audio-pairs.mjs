// @ts-check
// Donate Your Voice / View Audio Pairs benchmark. Not a test: it measures and prints.
//
//   node services/speech/bench/audio-pairs.mjs                      # the default sizes (also in npm run bench)
//   BENCH_AUDIO_PAIRS=100000 BENCH_TEXT_PAIRS=10000 BENCH_DONATIONS=500 BENCH_CLIENTS=20 node services/speech/bench/audio-pairs.mjs
//
// 1. Starts the embedded MongoDB (a child process, fresh folder) and the built speech service, loads
//    BENCH_TEXT_PAIRS approved text pairs and BENCH_AUDIO_PAIRS stored audio pairs (1,000 donors, every
//    dialect and status), then times over HTTP: View Audio Pairs' filtered page (GET /api/audio/all with
//    random dialect/status filters and pages, as a reviewer and as a donor) and the next pair to donate
//    (GET /api/audio/next for donors with 100 donations each): p50/p95.
// 2. Starts the built gateway in front of it and sends BENCH_DONATIONS donations (two 5 s 16-bit 48 kHz mono
//    WAVs each, about 470 KB a side) from BENCH_CLIENTS concurrent clients through it, sampling the gateway's
//    and the speech service's resident memory (VmRSS) all along.
import { MongoClient, ObjectId } from 'mongodb';
import {
  createBench,
  cycle,
  keyedByString,
  log,
  logRssTable,
  ms,
  percentileRow,
  pct,
  timedRequests,
} from '../../../tools/bench/harness.mjs';
import { buildSpeech, startBenchGateway, startSpeech } from './speech-bench.mjs';

const env = process.env;
const AUDIO_PAIRS = Number(env.BENCH_AUDIO_PAIRS ?? 100_000);
const TEXT_PAIRS = Number(env.BENCH_TEXT_PAIRS ?? 10_000);
const QUERIES = Number(env.BENCH_QUERIES ?? 300);
const DONATIONS = Number(env.BENCH_DONATIONS ?? 500);
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20);
const DONORS = 1000;
const DIALECTS = ['standard-yoruba', 'ekiti-yoruba', 'ijebu-yoruba', 'other'];
const STATUSES = ['pending', 'approved', 'rejected'];
const bench = createBench('audio-pairs-bench-');

/** @typedef {import('@platform/contracts').Identity['role']} Role */

/** @param {readonly string[]} items */
const pick = (items) => cycle(items, Math.floor(Math.random() * items.length));

/**
 * Identity headers for one GET, as the gateway signs them.
 * @param {string} id
 * @param {Role} role
 * @param {string} url
 */
const signed = (id, role, url) => bench.signed('speech', { id, role, url });

/** @param {import('mongodb').Db} db */
async function load(db) {
  const started = Date.now();
  const textIds = [...Array(TEXT_PAIRS)].map(() => new ObjectId().toHexString());
  const donations = new Array(TEXT_PAIRS).fill(0);
  const perDonor = Math.ceil(AUDIO_PAIRS / DONORS);
  // Each donor's pairs are distinct text pairs (one donation per person and pair).
  const stride = Math.max(1, Math.floor(TEXT_PAIRS / perDonor));
  const base = Date.now() - AUDIO_PAIRS * 1000;
  for (let from = 0; from < AUDIO_PAIRS; from += 10_000) {
    const docs = [];
    for (let i = from; i < Math.min(AUDIO_PAIRS, from + 10_000); i++) {
      const donor = i % DONORS;
      const t = (Math.floor(i / DONORS) * stride + donor) % TEXT_PAIRS;
      donations[t]++;
      docs.push({
        _id: ObjectId.createFromTime(Math.floor((base + i * 1000) / 1000)),
        textId: textIds[t],
        sourceText: `Benchmark English sentence number ${t}.`,
        targetText: `Gbólóhùn àyẹ̀wò nọ́mbà ${t}.`,
        category: 'conversational',
        dialect: DIALECTS[i % 4],
        donorId: `donor${donor}`,
        sourceFileId: new ObjectId(),
        targetFileId: new ObjectId(),
        sourceBytes: 480_044,
        targetBytes: 480_044,
        sourceDurationMs: 5000,
        targetDurationMs: 5000,
        status: STATUSES[Math.floor(i / 7) % 3],
        createdAt: new Date(base + i * 1000),
      });
    }
    await db.collection('audio_pairs').insertMany(docs, { ordered: false });
  }
  const pairs = textIds.map((_id, i) => ({
    _id,
    source_lang_text: `Benchmark English sentence number ${i}.`,
    target_lang_text: `Gbólóhùn àyẹ̀wò nọ́mbà ${i}.`,
    text_category: 'conversational',
    approved: i % 20 !== 0, // one in twenty left approval since
    donations: donations[i],
    rand: Math.random(),
    seq: i + 1,
  }));
  for (let i = 0; i < pairs.length; i += 10_000)
    await keyedByString(db, 'text_pairs').insertMany(pairs.slice(i, i + 10_000), { ordered: false });
  // The running counts the service keeps beside its writes (audio-pairs/counts.ts), for the data loaded here.
  const counts = new Map();
  for (let i = 0; i < AUDIO_PAIRS; i++) {
    const key = `audio_pairs:${STATUSES[Math.floor(i / 7) % 3]}:${DIALECTS[i % 4]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  counts.set('text_pairs:approved', pairs.filter((p) => p.approved).length);
  for (let i = 0; i < AUDIO_PAIRS; i++) {
    const key = `donations:donor${i % DONORS}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  await db.collection('counters').deleteMany({});
  await db.collection('counters').insertMany([...counts].map(([_id, n]) => ({ _id, n })));
  log(
    `  ${AUDIO_PAIRS} audio pairs by ${DONORS} donors, ${TEXT_PAIRS} text pairs, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return textIds.filter((_, i) => i % 20 !== 0);
}

/** @param {string} speechUrl */
async function timeQueries(speechUrl) {
  /** @type {number[]} */
  const page = [];
  /** @type {number[]} */
  const own = [];
  /** @type {number[]} */
  const next = [];
  /**
   * @param {string} url
   * @param {string} who
   * @param {Role} role
   * @returns {Promise<[number, { pair?: unknown }]>}
   */
  const get = async (url, who, role) => {
    const t = performance.now();
    const r = await fetch(url, { headers: signed(who, role, url) });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(body)}`);
    return [performance.now() - t, body];
  };
  let emptyNext = 0;
  for (let i = 0; i < QUERIES; i++) {
    const params = new URLSearchParams();
    const filter = i % 4; // none, dialect, status, both
    if (filter === 1 || filter === 3) params.set('dialect', pick(DIALECTS));
    if (filter === 2 || filter === 3) params.set('status', pick(STATUSES));
    params.set('page', String(1 + Math.floor(Math.random() * 20)));
    params.set('pageSize', '5');
    page.push((await get(`${speechUrl}/api/audio/all?${params}`, 'reviewer1', 'reviewer'))[0]);
    const donor = `donor${Math.floor(Math.random() * DONORS)}`;
    own.push((await get(`${speechUrl}/api/audio/all?${params}`, donor, 'contributor'))[0]);
    const [t, body] = await get(`${speechUrl}/api/audio/next`, donor, 'contributor');
    if (!body.pair) emptyNext++;
    next.push(t);
  }
  for (const a of [page, own, next]) a.sort((x, y) => x - y);
  return { page, own, next, emptyNext };
}

/** A 5 s 16-bit 48 kHz mono WAV of a tone (not silent), as the browser's recorder would send. */
function makeWav(seconds = 5, rate = 48_000, frequency = 220) {
  const frames = seconds * rate;
  const buf = Buffer.alloc(44 + frames * 2);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + frames * 2, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++)
    buf.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * frequency * i) / rate)), 44 + i * 2);
  return buf;
}

/**
 * @param {string} gatewayUrl
 * @param {string[]} textIds
 * @param {{ gateway: number | undefined, speech: number | undefined }} pids
 */
async function donate(gatewayUrl, textIds, pids) {
  const english = makeWav(5, 48_000, 220);
  const yoruba = makeWav(5, 48_000, 330);
  const d = await timedRequests({
    total: DONATIONS,
    clients: CLIENTS,
    pids,
    request: (n) => {
      const form = new FormData();
      form.append('text_id', cycle(textIds, n));
      form.append('user_dialect', cycle(DIALECTS, n));
      form.append('user_id', '1');
      form.append('source_audio_file', new Blob([english], { type: 'audio/wav' }), 'english.wav');
      form.append('target_audio_file', new Blob([yoruba], { type: 'audio/wav' }), 'yoruba.wav');
      const init = { method: 'POST', body: form, headers: { 'x-bench-user': `bench-donor${n}` } };
      return [`${gatewayUrl}/api/audio/upload/`, init];
    },
    onAnswer: (r, body, statuses) => {
      if (r.status !== 201 && !statuses[r.status])
        log(`  first ${r.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
    },
  });
  return { ...d, wavBytes: english.length };
}

async function main() {
  log(
    `audio pairs benchmark: ${AUDIO_PAIRS} audio pairs, ${TEXT_PAIRS} text pairs, ${QUERIES} queries each, ${DONATIONS} donations from ${CLIENTS} clients`,
  );
  log('building...');
  buildSpeech();
  const { uri, speech } = await startSpeech(bench);
  const speechUrl = speech.url;
  const client = new MongoClient(uri);
  log('loading...');
  const textIds = await load(client.db('speech'));
  await client.close();

  log('timing View Audio Pairs pages and the next pair to donate...');
  await timeQueries(speechUrl); // warm-up pass, not counted
  const q = await timeQueries(speechUrl);

  const gateway = await startBenchGateway(bench, speechUrl);
  log('donating...');
  const d = await donate(gateway.url, textIds, { gateway: gateway.child.pid, speech: speech.child.pid });

  log('');
  log(`| query (HTTP, speech service, ${AUDIO_PAIRS} audio pairs) | p50 | p95 | target p95 |`);
  log(`| --- | ---: | ---: | --- |`);
  /** @type {(name: string, xs: number[], target: number) => void} */
  const row = (name, xs, target) => log(percentileRow(name, xs, target));
  row('View Audio Pairs page, reviewer: GET /api/audio/all?dialect&status&page (page 1-20)', q.page, 30);
  row('View Audio Pairs page, own pairs (contributor)', q.own, 30);
  row('next pair to donate: GET /api/audio/next (100 exclusions)', q.next, 20);
  log(`(${QUERIES} of each; ${q.emptyNext} next-pair answers were empty)`);
  if (DONATIONS === 0) return;
  log('');
  log(
    `donations: ${DONATIONS} donations of two ${(d.wavBytes / 1024).toFixed(0)} KB WAVs (5 s, 16-bit 48 kHz mono) from ${CLIENTS} clients through the gateway`,
  );
  log(
    `  ${(DONATIONS / d.seconds).toFixed(1)} donations/s (${((2 * DONATIONS * d.wavBytes) / d.seconds / 1024 / 1024).toFixed(1)} MB/s of audio) over ${d.seconds.toFixed(1)} s; latency p50 ${ms(pct(d.latencies, 50))}, p95 ${ms(pct(d.latencies, 95))}; statuses ${JSON.stringify(d.statuses)}`,
  );
  logRssTable('donations done', d.rss);
}

bench.run(main);
