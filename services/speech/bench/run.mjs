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
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, ObjectId } from 'mongodb';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const root = resolve(here, '../../..');
const env = process.env;
const SENTENCES = Number(env.BENCH_SENTENCES ?? 100_000);
const RECORDINGS = Number(env.BENCH_RECORDINGS ?? 1_000_000);
const QUERIES = Number(env.BENCH_QUERIES ?? 300);
const UPLOADS = Number(env.BENCH_UPLOADS ?? 1000);
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20);
const SPEAKERS = Math.max(10, Math.min(10_000, Math.floor(RECORDINGS / 100)));
const LANGS = ['yo', 'en', 'ha', 'ig', 'pcm'];
const SECRET = randomBytes(32).toString('hex');
const children = [];
const work = mkdtempSync(join(tmpdir(), 'speech-bench-'));

const log = (...a) => console.log(...a);
const ms = (n) => `${n.toFixed(2)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function build() {
  for (const dir of [
    'libs/contracts',
    'libs/service-kit',
    'libs/audio-probe',
    'libs/embedded-mongo',
    'services/speech',
    'services/gateway',
  ]) {
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

async function waitReady(url, ms = 60_000) {
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

const rssKb = (pid) => {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
};

/** Identity headers for one GET, as the gateway signs them (loaded after build(): the kit's dist). */
function signed(id, url) {
  const { signIdentity } = require('@platform/service-kit');
  const { pathname, search } = new URL(url);
  return signIdentity({ id, role: 'contributor', name: `Bench ${id}` }, SECRET, {
    method: 'GET',
    url: `${pathname}${search}`,
    service: 'speech',
  });
}

async function load(db) {
  const started = Date.now();
  const sentenceIds = [];
  const counts = new Map();
  const batch = async (col, docs) => {
    for (let i = 0; i < docs.length; i += 1000)
      await db.collection(col).insertMany(docs.slice(i, i + 1000), { ordered: false });
  };
  // Recordings lean towards some sentences (as real ones do), so recording counts spread from 0 past the cap.
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
      const s = recSentence[i];
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
      .catch((e) => {
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

async function timeQueries(speechUrl) {
  const round = [];
  const batch = [];
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

async function uploads(gatewayUrl, sentenceIds, pids) {
  const clip = makeClip();
  const samples = { gateway: [], speech: [] };
  const peak = { gateway: 0, speech: 0 };
  const sampler = setInterval(() => {
    for (const k of ['gateway', 'speech']) {
      const v = rssKb(pids[k]);
      peak[k] = Math.max(peak[k], v);
    }
  }, 50);
  const checkpoints = [];
  let next = 0;
  let done = 0;
  const statuses = {};
  const latencies = [];
  const mark = () => {
    if (done % Math.max(1, Math.floor(UPLOADS / 4)) === 0 || done === UPLOADS) {
      checkpoints.push({ done, gateway: rssKb(pids.gateway), speech: rssKb(pids.speech) });
    }
  };
  checkpoints.push({ done: 0, gateway: rssKb(pids.gateway), speech: rssKb(pids.speech) });
  const started = performance.now();
  const client = async () => {
    while (next < UPLOADS) {
      const n = next++;
      const form = new FormData();
      form.append('sentenceId', sentenceIds[Math.floor(Math.random() * sentenceIds.length)]);
      form.append('audio', new Blob([clip], { type: 'audio/ogg' }), 'take.ogg');
      const t = performance.now();
      const r = await fetch(`${gatewayUrl}/api/recordings`, {
        method: 'POST',
        body: form,
        headers: { 'x-bench-user': `uploader${n}` },
      });
      await r.arrayBuffer();
      latencies.push(performance.now() - t);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      done++;
      mark();
    }
  };
  await Promise.all([...Array(CLIENTS)].map(client));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  return { seconds, statuses, latencies, checkpoints, peak, clipBytes: clip.length, samples };
}

async function main() {
  log(
    `speech benchmark: ${SENTENCES} sentences, ${RECORDINGS} recordings, ${QUERIES} queries each, ${UPLOADS} uploads from ${CLIENTS} clients`,
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
  const speechPort = await freePort();
  const speechUrl = `http://127.0.0.1:${speechPort}`;
  const speech = await start('speech', ['services/speech/dist/main.js'], {
    MONGODB_URI: uri,
    SPEECH_PORT: String(speechPort),
    IDENTITY_SECRET: SECRET,
    TEXT_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'fatal',
    DATA_DIR: work,
  });
  await waitReady(speechUrl);
  const client = new MongoClient(uri);
  const db = client.db('speech');
  log('loading...');
  const sentenceIds = await load(db);
  await client.close();

  log('timing next-round and next-batch...');
  await timeQueries(speechUrl).catch(() => undefined); // warm-up pass, not counted
  const q = await timeQueries(speechUrl);

  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const gateway = await start('gateway', ['services/speech/bench/bench-gateway.cjs'], {
    PORT: String(gatewayPort),
    SPEECH_URL: speechUrl,
    TEXT_URL: 'http://127.0.0.1:9',
    IDENTITY_SECRET: SECRET,
  });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${gatewayUrl}/healthz`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  log('uploading...');
  const u = await uploads(gatewayUrl, sentenceIds, { gateway: gateway.child.pid, speech: speech.child.pid });

  log('');
  log(`| query (HTTP, speech service) | p50 | p95 | target p95 |`);
  log(`| --- | ---: | ---: | --- |`);
  log(
    `| next round: GET /api/sentences?count=5 | ${ms(pct(q.round, 50))} | ${ms(pct(q.round, 95))} | < 20 ms: ${pct(q.round, 95) < 20 ? 'met' : 'NOT met'} |`,
  );
  log(
    `| next batch: GET /api/recordings/validate?count=10 | ${ms(pct(q.batch, 50))} | ${ms(pct(q.batch, 95))} | < 20 ms: ${pct(q.batch, 95) < 20 ? 'met' : 'NOT met'} |`,
  );
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
  log(`| uploads done | gateway RSS | speech RSS |`);
  log(`| ---: | ---: | ---: |`);
  for (const c of u.checkpoints) log(`| ${c.done} | ${mb(c.gateway)} | ${mb(c.speech)} |`);
  log(`| peak | ${mb(u.peak.gateway)} | ${mb(u.peak.speech)} |`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) c.kill('SIGTERM');
    setTimeout(() => rmSync(work, { recursive: true, force: true }), 1000);
  });
