// @ts-check
// Speak/Listen benchmark. Not a test: it measures and prints.
//
//   npm run bench -w services/speech                                   # the default sizes
//   BENCH_SENTENCES=10000 BENCH_RECORDINGS=100000 BENCH_UPLOADS=200 npm run bench -w services/speech
//
// 1. Starts the embedded MongoDB (a child process, fresh folder) and the built speech service, loads
//    BENCH_SENTENCES sentences and BENCH_RECORDINGS recordings with one vote per two recordings on average
//    (as many votes as recordings in all) plus each speaker's "recorded" marks, then times the next-round
//    (GET /api/sentences) and next-batch (GET /api/recordings/validate) calls over HTTP: p50/p95.
// 2. Starts the built gateway in front of it and uploads BENCH_UPLOADS five-second Ogg/Opus clips from
//    BENCH_CLIENTS concurrent clients through it, sampling the gateway's and the speech service's resident
//    memory (VmRSS) all along.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import {
  createBench,
  cycle,
  log,
  logRssTable,
  ms,
  percentileRow,
  pct,
  timedRequests,
} from '../../../tools/bench/harness.mjs';
import { buildSpeech, startBenchGateway, startSpeech } from './speech-bench.mjs';

const env = process.env;
const SENTENCES = Number(env.BENCH_SENTENCES ?? 100_000);
const RECORDINGS = Number(env.BENCH_RECORDINGS ?? 1_000_000);
const QUERIES = Number(env.BENCH_QUERIES ?? 300);
const UPLOADS = Number(env.BENCH_UPLOADS ?? 1000);
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20);
const SPEAKERS = Math.max(10, Math.min(10_000, Math.floor(RECORDINGS / 100)));
const LANGS = ['yo', 'en', 'ha', 'ig', 'pcm'];
const bench = createBench('speech-bench-');
const { work } = bench;

/**
 * Identity headers for one GET, as the gateway signs them.
 * @param {string} id
 * @param {string} url
 */
const signed = (id, url) => bench.signed('speech', { id, url });

/** @param {import('mongodb').Db} db */
async function load(db) {
  const started = Date.now();
  /** @type {string[]} */
  const sentenceIds = [];
  /** @type {Map<number, number>} */
  const counts = new Map();
  /**
   * @param {string} col
   * @param {import('mongodb').Document[]} docs
   */
  const batch = async (col, docs) => {
    for (let i = 0; i < docs.length; i += 1000)
      await db.collection(col).insertMany(docs.slice(i, i + 1000), { ordered: false });
  };
  // Recordings lean towards some sentences (as real ones do), so recording counts spread from 0 past the cap.
  /** @type {number[]} */
  const recSentence = [];
  for (let i = 0; i < SENTENCES; i++) sentenceIds.push(new ObjectId().toHexString());
  for (let i = 0; i < RECORDINGS; i++) {
    const s = Math.floor(Math.random() ** 2 * SENTENCES);
    recSentence.push(s);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  for (let from = 0; from < SENTENCES; from += 10_000) {
    const docs = [];
    for (let i = from; i < Math.min(SENTENCES, from + 10_000); i++) {
      docs.push({
        _id: sentenceIds[i],
        text: `Benchmark sentence number ${i}.`,
        language: LANGS[i % 5],
        recordable: true,
        recordingCount: counts.get(i) ?? 0,
        rand: Math.random(),
        seq: i + 1,
      });
    }
    await batch('sentences', docs);
  }
  log(`  sentences: ${SENTENCES} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const t0 = Date.now();
  let votes = 0;
  const base = Date.now() - RECORDINGS * 1000;
  for (let from = 0; from < RECORDINGS; from += 10_000) {
    const recs = [];
    const vs = [];
    const marks = [];
    for (let i = from; i < Math.min(RECORDINGS, from + 10_000); i++) {
      const _id = new ObjectId();
      const speakerId = `speaker${i % SPEAKERS}`;
      const s = recSentence[i] ?? 0;
      // The older half is decided by two votes; the newer half waits for votes.
      const decided = i < RECORDINGS / 2;
      const yes = decided && Math.random() < 0.85;
      recs.push({
        _id,
        sentenceId: sentenceIds[s],
        sentenceText: `Benchmark sentence number ${s}.`,
        language: LANGS[s % 5],
        durationSeconds: 4.2,
        audioFileId: new ObjectId(),
        container: 'webm',
        contentType: 'audio/webm',
        bytes: 20000,
        speakerId,
        speakerName: null,
        yes: decided ? (yes ? 2 : 0) : 0,
        no: decided ? (yes ? 0 : 2) : 0,
        voteCount: decided ? 2 : 0,
        reports: 0,
        status: decided ? (yes ? 'validated' : 'invalidated') : 'undecided',
        createdAt: new Date(base + i * 1000),
      });
      if (decided) {
        for (let k = 0; k < 2; k++)
          vs.push({
            recordingId: _id,
            voterId: `speaker${(i + 1 + k) % SPEAKERS}`,
            isValid: yes,
            createdAt: new Date(),
          });
      }
      marks.push({
        userId: speakerId,
        sentenceId: sentenceIds[s],
        language: LANGS[s % 5],
        kind: 'recorded',
        createdAt: new Date(),
      });
    }
    await batch('recordings', recs);
    await batch('votes', vs);
    await db
      .collection('sentence_marks')
      .insertMany(marks, { ordered: false })
      .catch((/** @type {{ code?: unknown }} */ e) => {
        if (e.code !== 11000) throw e; // a speaker recording the same sentence twice keeps one mark
      });
    votes += vs.length;
    if ((from / 10_000) % 10 === 9)
      log(`  ... ${from + 10_000} recordings (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // Each speaker's remembered language, the one they record in.
  const prefs = [...Array(SPEAKERS)].map((_, k) => ({
    _id: `speaker${k}`,
    language: LANGS[k % 5],
    updatedAt: new Date(),
  }));
  await batch('preferences', prefs);
  log(
    `  recordings: ${RECORDINGS}, votes: ${votes}, speakers: ${SPEAKERS}, in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return sentenceIds;
}

/** @param {string} speechUrl */
async function timeQueries(speechUrl) {
  /** @type {number[]} */
  const round = [];
  /** @type {number[]} */
  const batch = [];
  /**
   * @param {string} url
   * @param {string} who
   * @returns {Promise<[number, number]>} the time taken and the number of items answered
   */
  const get = async (url, who) => {
    const t = performance.now();
    const r = await fetch(url, { headers: signed(who, url) });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(body)}`);
    return [performance.now() - t, body.length];
  };
  let emptyRounds = 0;
  for (let i = 0; i < QUERIES; i++) {
    // Each person records in one language (asking in another would also store the new choice: a write).
    const n0 = Math.floor(Math.random() * SPEAKERS);
    const who = `speaker${n0}`;
    const [a, n] = await get(`${speechUrl}/api/sentences?lang=${LANGS[n0 % 5]}&count=5`, who);
    if (n < 5) emptyRounds++;
    round.push(a);
    batch.push((await get(`${speechUrl}/api/recordings/validate?count=10`, who))[0]);
  }
  round.sort((x, y) => x - y);
  batch.sort((x, y) => x - y);
  return { round, batch, emptyRounds };
}

function makeClip() {
  const wav = join(work, 'speech.wav');
  const five = join(work, 'five.wav');
  const ogg = join(work, 'five.ogg');
  execFileSync('espeak-ng', ['-w', wav, 'Please read this sentence aloud, clearly and slowly, then stop.']);
  execFileSync('sox', [wav, '-r', '48000', five, 'pad', '0', '5', 'trim', '0', '5']);
  execFileSync('opusenc', ['--quiet', '--bitrate', '32', five, ogg]);
  return readFileSync(ogg);
}

/**
 * @param {string} gatewayUrl
 * @param {string[]} sentenceIds
 * @param {{ gateway: number | undefined, speech: number | undefined }} pids
 */
async function uploads(gatewayUrl, sentenceIds, pids) {
  const clip = makeClip();
  const u = await timedRequests({
    total: UPLOADS,
    clients: CLIENTS,
    pids,
    request: (n) => {
      const form = new FormData();
      form.append('sentenceId', cycle(sentenceIds, Math.floor(Math.random() * sentenceIds.length)));
      form.append('audio', new Blob([clip], { type: 'audio/ogg' }), 'take.ogg');
      const init = { method: 'POST', body: form, headers: { 'x-bench-user': `uploader${n}` } };
      return [`${gatewayUrl}/api/recordings`, init];
    },
  });
  return { ...u, clipBytes: clip.length };
}

async function main() {
  log(
    `speech benchmark: ${SENTENCES} sentences, ${RECORDINGS} recordings, ${QUERIES} queries each, ${UPLOADS} uploads from ${CLIENTS} clients`,
  );
  log('building...');
  buildSpeech();
  const { uri, speech } = await startSpeech(bench);
  const speechUrl = speech.url;
  const client = new MongoClient(uri);
  const db = client.db('speech');
  log('loading...');
  const sentenceIds = await load(db);
  await client.close();

  log('timing next-round and next-batch...');
  await timeQueries(speechUrl).catch(() => undefined); // warm-up pass, not counted
  const q = await timeQueries(speechUrl);

  const gateway = await startBenchGateway(bench, speechUrl);
  log('uploading...');
  const u = await uploads(gateway.url, sentenceIds, { gateway: gateway.child.pid, speech: speech.child.pid });

  log('');
  log(`| query (HTTP, speech service) | p50 | p95 | target p95 |`);
  log(`| --- | ---: | ---: | --- |`);
  log(percentileRow('next round: GET /api/sentences?count=5', q.round, 20));
  log(percentileRow('next batch: GET /api/recordings/validate?count=10', q.batch, 20));
  log(
    `(${QUERIES} of each, random speakers with about ${Math.round(RECORDINGS / SPEAKERS)} recordings each; ${q.emptyRounds} rounds came back short)`,
  );
  log('');
  log(
    `uploads: ${UPLOADS} clips of ${(u.clipBytes / 1024).toFixed(1)} KB (5 s Ogg/Opus) from ${CLIENTS} clients through the gateway`,
  );
  log(
    `  ${(UPLOADS / u.seconds).toFixed(1)} uploads/s over ${u.seconds.toFixed(1)} s; latency p50 ${ms(pct(u.latencies, 50))}, p95 ${ms(pct(u.latencies, 95))}; statuses ${JSON.stringify(u.statuses)}`,
  );
  logRssTable('uploads done', u.rss);
}

bench.run(main);
