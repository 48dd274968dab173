// @ts-check
// Datasets benchmark. Not a test: it measures and prints.
//
//   node services/speech/bench/datasets.mjs                          # the default sizes (also in npm run bench)
//   BENCH_DATASETS=100 BENCH_QUERIES=300 BENCH_DOWNLOAD_MB=1024 node services/speech/bench/datasets.mjs
//
// 1. Starts the embedded MongoDB (a child process, fresh folder) and the built speech service, stores
//    BENCH_DATASETS datasets, each with a published release (figures, contributors) and some downloads, then
//    times Browse Datasets over HTTP straight to the service (GET /api/datasets with random search, language,
//    category and page, as a researcher) and the stat cards (GET /api/datasets/summary): p50/p95.
// 2. Stores a release artifact of BENCH_DOWNLOAD_MB random megabytes in GridFS (1 MB chunks, as the builder
//    writes them) as a fake published release, starts the built gateway in front of the service, and downloads
//    it through the gateway as a researcher who accepted the licence: MB/s, the SHA-256 of what arrived against
//    the artifact's, and the gateway's and the speech service's resident memory (VmRSS) before, at its peak
//    and after. Then resumes: the first half and the rest by Range, compared by SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { MongoClient, GridFSBucket, ObjectId } from 'mongodb';
import {
  cpuSeconds,
  createBench,
  cycle,
  keyedByString,
  log,
  mb,
  perProcess,
  percentileRow,
  rssKb,
} from '../../../tools/bench/harness.mjs';
import { buildSpeech, startBenchGateway, startSpeech } from './speech-bench.mjs';

const env = process.env;
const DATASETS = Number(env.BENCH_DATASETS ?? 100);
const QUERIES = Number(env.BENCH_QUERIES ?? 300);
const DOWNLOAD_MB = Number(env.BENCH_DOWNLOAD_MB ?? 1024);
const LANGUAGES = ['yo', 'en', 'ha', 'ig', 'pcm', 'multiple'];
const CATEGORIES = ['conversational', 'academic', 'commercial', 'cultural', 'linguistic'];
const WORDS = [
  'speech',
  'read',
  'market',
  'news',
  'stories',
  'radio',
  'classroom',
  'songs',
  'proverbs',
  'health',
];
const RESEARCHER = 'bench-researcher';
const bench = createBench('datasets-bench-');

/** @param {readonly string[]} items */
const pick = (items) => cycle(items, Math.floor(Math.random() * items.length));

/** @param {import('mongodb').Db} db */
async function loadDatasets(db) {
  const started = Date.now();
  const datasets = [];
  const releases = [];
  const downloads = [];
  const base = Date.now() - DATASETS * 86_400_000;
  for (let i = 0; i < DATASETS; i++) {
    const id = new ObjectId().toHexString();
    const at = new Date(base + i * 86_400_000);
    const name = `Dataset ${i} ${WORDS[i % WORDS.length]} ${LANGUAGES[i % LANGUAGES.length]}`;
    const sources = { include: ['recordings', 'sentences'], languages: [], domains: [], categories: [] };
    const definition = {
      name,
      description: `Benchmark dataset number ${i}: ${WORDS[(i * 3) % WORDS.length]} recordings and sentences.`,
      language: LANGUAGES[i % LANGUAGES.length],
      category: CATEGORIES[i % CATEGORIES.length],
      tags: [WORDS[i % WORDS.length], 'bench'],
      license: 'CC0-1.0',
      sources,
    };
    datasets.push({
      _id: id,
      ...definition,
      nameKey: name.toLowerCase(),
      createdAt: at,
      updatedAt: at,
      latestVersion: 3,
      publishedAt: at,
    });
    for (let version = 1; version <= 3; version++) {
      const releaseId = new ObjectId();
      releases.push({
        _id: releaseId,
        datasetId: id,
        version,
        status: 'published',
        definition,
        cutoff: at,
        createdAt: at,
        createdBy: 'bench-admin',
        publishedAt: at,
        progress: 1,
        figures: {
          clips: 1000,
          audioSeconds: 5000,
          contributors: 50,
          sentences: 900,
          textPairs: 0,
          files: 1010,
          bytes: 1e8,
        },
        audio: { format: 'WAV (16-bit PCM)', sampleRate: 16000, channels: 1, bitDepth: 16, meanSnrDb: 20 },
        artifacts: ['metadata.json', 'audio.zip', 'complete.zip'].map((name) => ({
          name,
          fileId: new ObjectId(),
          bytes: 1e8,
          sha256: createHash('sha256').update(`${id}${version}${name}`).digest('hex'),
          contentType: name.endsWith('.json') ? 'application/json' : 'application/zip',
        })),
        contributorIds: [...Array(50)].map((_, k) => `speaker${(i * 7 + k) % 2000}`),
      });
      for (let d = 0; d < 20; d++) {
        downloads.push({
          _id: new ObjectId(),
          userId: `user${d}`,
          datasetId: id,
          datasetName: name,
          releaseId,
          version,
          artifact: 'complete.zip',
          bytes: 1e8,
          createdAt: at,
          expiresAt: new Date(at.getTime() + 30 * 86_400_000),
        });
      }
    }
  }
  await keyedByString(db, 'datasets').insertMany(datasets);
  await db.collection('releases').insertMany(releases);
  for (let i = 0; i < downloads.length; i += 5000)
    await db.collection('downloads').insertMany(downloads.slice(i, i + 5000), { ordered: false });
  log(
    `  ${DATASETS} datasets, ${releases.length} releases, ${downloads.length} downloads in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return datasets.map((d) => d._id);
}

/**
 * @template {string} Name
 * @param {string} speechUrl
 * @param {Record<Name, number | undefined>} pids
 */
async function timeListing(speechUrl, pids) {
  /** @param {string} url */
  const get = async (url) => {
    const t = performance.now();
    const r = await fetch(url, {
      headers: bench.signed('speech', { id: RESEARCHER, role: 'researcher', url }),
    });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(body)}`);
    return performance.now() - t;
  };
  /**
   * Timings of `QUERIES` calls of url(i), ascending, and the CPU each process spent per call.
   * @param {(i: number) => string} url
   */
  const time = async (url) => {
    const before = perProcess(pids, cpuSeconds);
    const times = [];
    for (let i = 0; i < QUERIES; i++) times.push(await get(url(i)));
    const cpu = perProcess(pids, (pid, k) => (cpuSeconds(pid) - before[k]) / QUERIES);
    return { times: times.sort((a, b) => a - b), cpu };
  };
  const list = await time((i) => {
    const params = new URLSearchParams();
    const filter = i % 5; // none, language, category, search, all three
    if (filter === 1 || filter === 4) params.set('language', pick(LANGUAGES));
    if (filter === 2 || filter === 4) params.set('category', pick(CATEGORIES));
    if (filter === 3 || filter === 4) params.set('q', pick(WORDS));
    if (filter === 0) params.set('page', String(1 + Math.floor(Math.random() * Math.ceil(DATASETS / 20))));
    return `${speechUrl}/api/datasets?${params}`;
  });
  const summary = await time(() => `${speechUrl}/api/datasets/summary`);
  return { list, summary };
}

/**
 * DOWNLOAD_MB random megabytes into the release bucket, as the builder stores an archive; its SHA-256.
 * @param {import('mongodb').Db} db
 */
async function storeArtifact(db) {
  const started = Date.now();
  const bucket = new GridFSBucket(db, { bucketName: 'release_files', chunkSizeBytes: 1024 * 1024 });
  const upload = bucket.openUploadStream('bench-complete.zip');
  const hash = createHash('sha256');
  // 64 distinct random megabytes, in an order that never repeats a run: random enough for any compression.
  const pool = [...Array(64)].map(() => randomBytes(1024 * 1024));
  for (let i = 0; i < DOWNLOAD_MB; i++) {
    const chunk = cycle(pool, i * 37 + Math.floor(i / 64));
    hash.update(chunk);
    if (!upload.write(chunk)) await new Promise((r) => upload.once('drain', r));
  }
  await /** @type {Promise<void>} */ (
    new Promise((res, rej) =>
      upload.end((/** @type {Error | null | undefined} */ err) => (err ? rej(err) : res())),
    )
  );
  const seconds = (Date.now() - started) / 1000;
  log(`  ${DOWNLOAD_MB} MB stored in GridFS in ${seconds.toFixed(1)} s`);
  return { fileId: upload.id, bytes: DOWNLOAD_MB * 1024 * 1024, sha256: hash.digest('hex') };
}

/**
 * @param {import('mongodb').Db} db
 * @param {string} datasetId
 * @param {Awaited<ReturnType<typeof storeArtifact>>} artifact
 */
async function addBigRelease(db, datasetId, artifact) {
  const release = await db.collection('releases').findOne({ datasetId, version: 3 });
  await db.collection('releases').insertOne({
    ...release,
    _id: new ObjectId(),
    version: 4,
    artifacts: [{ name: 'complete.zip', contentType: 'application/zip', ...artifact }],
  });
  await keyedByString(db, 'datasets').updateOne({ _id: datasetId }, { $set: { latestVersion: 4 } });
  await keyedByString(db, 'licence_acceptances').insertOne({
    _id: `${RESEARCHER}:${datasetId}`,
    userId: RESEARCHER,
    datasetId,
    license: 'CC0-1.0',
    acceptedAt: new Date(),
  });
}

/**
 * One GET through the gateway, the body hashed as it streams; peak RSS of both processes sampled meanwhile.
 * @template {string} Name
 * @param {string} url
 * @param {Record<Name, number | undefined>} pids
 * @param {Record<string, string>} [headers]
 */
async function download(url, pids, headers = {}, hash = createHash('sha256')) {
  let peak = perProcess(pids, () => 0);
  const sampler = setInterval(() => {
    const was = peak;
    peak = perProcess(pids, (pid, k) => Math.max(was[k], rssKb(pid)));
  }, 50);
  let bytes = 0;
  const cpuBefore = perProcess(pids, cpuSeconds);
  const t = performance.now();
  const r = await fetch(url, {
    headers: { 'x-bench-user': RESEARCHER, 'x-bench-role': 'researcher', ...headers },
  });
  if (r.status !== 200 && r.status !== 206) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  if (!r.body) throw new Error(`${url}: ${r.status} without a body`);
  for await (const chunk of r.body) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const cpu = perProcess(pids, (pid, k) => cpuSeconds(pid) - cpuBefore[k]);
  return { status: r.status, headers: r.headers, bytes, seconds, hash, peak, cpu };
}

async function main() {
  log(
    `datasets benchmark: ${DATASETS} datasets, ${QUERIES} listings and summaries, a ${DOWNLOAD_MB} MB download`,
  );
  log('building...');
  buildSpeech();
  const { uri, speech, mongo } = await startSpeech(bench);
  const speechUrl = speech.url;
  const client = new MongoClient(uri);
  const db = client.db('speech');
  log('loading...');
  const ids = await loadDatasets(db);

  log('timing Browse Datasets and the stat cards...');
  await timeListing(speechUrl, {}); // warm-up pass, not counted
  const q = await timeListing(speechUrl, { speech: speech.child.pid, database: mongo.pid });
  log('');
  log(`| query (HTTP, speech service, ${DATASETS} datasets, researcher) | p50 | p95 | target p95 |`);
  log(`| --- | ---: | ---: | --- |`);
  log(
    percentileRow(
      'Browse Datasets: GET /api/datasets?q&language&category&page (20 a page)',
      q.list.times,
      30,
    ),
  );
  log(percentileRow('stat cards: GET /api/datasets/summary', q.summary.times, 30));
  log(
    `(${QUERIES} of each; CPU per listing: speech ${(q.list.cpu.speech * 1000).toFixed(1)} ms, database ${(q.list.cpu.database * 1000).toFixed(1)} ms; per summary: speech ${(q.summary.cpu.speech * 1000).toFixed(1)} ms, database ${(q.summary.cpu.database * 1000).toFixed(1)} ms; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`,
  );
  if (DOWNLOAD_MB === 0) {
    await client.close();
    return;
  }

  log('');
  log('storing the artifact...');
  const artifact = await storeArtifact(db);
  const [datasetId] = ids;
  if (!datasetId) throw new Error('no dataset was loaded');
  await addBigRelease(db, datasetId, artifact);
  await client.close();
  const gateway = await startBenchGateway(bench, speechUrl);
  const pids = { gateway: gateway.child.pid, speech: speech.child.pid, database: mongo.pid };
  const url = `${gateway.url}/api/datasets/${datasetId}/releases/latest/files/complete.zip`;
  // A small warm-up so both processes have loaded their code paths before "before" is read.
  await download(url, pids, { range: 'bytes=0-1048575' });
  const before = { gateway: rssKb(pids.gateway), speech: rssKb(pids.speech), database: rssKb(pids.database) };
  const whole = await download(url, pids);
  await new Promise((r) => setTimeout(r, 500));
  const after = { gateway: rssKb(pids.gateway), speech: rssKb(pids.speech), database: rssKb(pids.database) };
  const half = Math.floor(artifact.bytes / 2);
  // Resuming: the first half, then the rest by Range with If-Range, hashed as one stream.
  const resumed = createHash('sha256');
  const first = await download(url, pids, { range: `bytes=0-${half - 1}` }, resumed);
  const etag = first.headers.get('etag');
  const rest = await download(url, pids, { range: `bytes=${half}-`, 'if-range': String(etag) }, resumed);
  const resumedSha = resumed.digest('hex');
  // The same download straight from the service (no gateway), to see what the gateway costs.
  const direct = await download(`${speechUrl}${new URL(url).pathname}`, pids, {
    ...bench.signed('speech', { id: RESEARCHER, role: 'researcher', url: new URL(url).pathname }),
  });
  const wholeSha = whole.hash.digest('hex');
  const mbps = whole.bytes / whole.seconds / 1024 / 1024;
  log('');
  log(
    `download: ${(whole.bytes / 1024 / 1024).toFixed(0)} MB complete.zip through the gateway in ${whole.seconds.toFixed(2)} s: ${mbps.toFixed(0)} MB/s (target >= 200 MB/s: ${mbps >= 200 ? 'met' : 'NOT met'})`,
  );
  log(
    `  status ${whole.status}, Content-Length ${whole.headers.get('content-length')}, ETag ${whole.headers.get('etag')}; SHA-256 of the bytes received ${wholeSha === artifact.sha256 ? 'equals' : 'DIFFERS FROM'} the artifact's`,
  );
  log(
    `  straight from the speech service (no gateway): ${(direct.bytes / direct.seconds / 1024 / 1024).toFixed(0)} MB/s`,
  );
  log(`| process | RSS before | peak during | after | CPU seconds during the download |`);
  log(`| --- | ---: | ---: | ---: | ---: |`);
  for (const k of /** @type {const} */ (['gateway', 'speech', 'database']))
    log(
      `| ${k} | ${mb(before[k] ?? 0)} | ${mb(whole.peak[k])} | ${mb(after[k] ?? 0)} | ${whole.cpu[k].toFixed(2)} |`,
    );
  log(
    `(the benchmark itself hashes the bytes as they arrive, on the same machine; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`,
  );
  log(
    `resume: first half ${first.status} (${(first.bytes / 1024 / 1024).toFixed(0)} MB), the rest ${rest.status} with If-Range (${(rest.bytes / 1024 / 1024).toFixed(0)} MB) in ${(first.seconds + rest.seconds).toFixed(2)} s; the joined SHA-256 ${resumedSha === artifact.sha256 ? 'equals' : 'DIFFERS FROM'} the artifact's`,
  );
}

bench.run(main);
