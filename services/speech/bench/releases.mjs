// @ts-check
// Release build benchmark. Not a test: it measures and prints.
//
//   node services/speech/bench/releases.mjs                  # 10,000 clips (also in npm run bench)
//   BENCH_RELEASE_CLIPS=1000 BENCH_SPEAKERS=200 node services/speech/bench/releases.mjs
//   BENCH_PARQUET_SHARD_MB=20 …                              # smaller Parquet shards (default 500 MB)
//   BENCH_BUILDER_ARGS='' …                                  # the builder's Node flags (default BUILDER_ARGS)
//
// Starts the embedded MongoDB (a child process, fresh folder), stores BENCH_RELEASE_CLIPS validated
// recordings straight into the speech database (each with its own GridFS copy of one five-second Ogg/Opus
// take made by espeak-ng, sox and opusenc, from BENCH_SPEAKERS speakers), asks for a release of them, and runs
// the release builder in a child process of its own (the built speech service's code, as the service runs
// it): the time from the claim to `published`, and the building process's peak resident memory (sampled
// VmRSS and the kernel's maxRSS). Targets: under 5 minutes, under 300 MB.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { GridFSBucket, MongoClient, ObjectId } from 'mongodb';
import {
  cpuSeconds,
  createBench,
  cycle,
  keyedByString,
  log,
  mb,
  root,
  watchRss,
} from '../../../tools/bench/harness.mjs';
import { buildSpeech } from './speech-bench.mjs';

const env = process.env;

/**
 * The builder's Node flags unless BENCH_BUILDER_ARGS says otherwise: 2 MB semi-spaces instead of Node 20's 16 MB.
 * The builder makes a few hundred kilobytes of short-lived buffers and objects per clip; a small young generation
 * is scavenged more often, which frees the dead buffers' memory sooner and keeps the young generation itself
 * small (about 30 MB less resident at the same build time). Only garbage collection runs more often; the speech
 * service building releases should run with the same flag (NODE_OPTIONS=--max-semi-space-size=2).
 */
const BUILDER_ARGS = env.BENCH_BUILDER_ARGS ?? '--max-semi-space-size=2';

/** @typedef {import('../src/datasets/store').ReleaseDoc} ReleaseDoc */

if (process.argv[2] === '--build') {
  const [, , , uri, dbName] = process.argv;
  if (!uri || !dbName) throw new Error('usage: releases.mjs --build <mongodb uri> <database name>');
  await buildInThisProcess(uri, dbName);
} else {
  await main();
}

/**
 * The child: one release worker, as the speech service runs it, until the pending release is built.
 * @param {string} uri
 * @param {string} dbName
 */
async function buildInThisProcess(uri, dbName) {
  // The built service is CommonJS: required as the service itself loads it, typed by its sources.
  const require = createRequire(import.meta.url);
  const { createReleaseWorker } = /** @type {typeof import('../src/datasets/release-build/index')} */ (
    require(join(root, 'services/speech/dist/datasets/release-build/index.js'))
  );
  const { speechStores } = /** @type {typeof import('../src/stores')} */ (
    require(join(root, 'services/speech/dist/stores.js'))
  );
  const client = await MongoClient.connect(uri);
  const quiet = () => undefined;
  // Warnings and errors only, as plain lines on stderr (stdout carries the figures).
  /** @type {import('fastify').FastifyBaseLogger} */
  const logger = {
    level: 'warn',
    info: quiet,
    warn: console.error,
    error: console.error,
    debug: quiet,
    trace: quiet,
    fatal: console.error,
    silent: quiet,
    child: () => logger,
  };
  const memory = env.BENCH_MEMORY_LOG
    ? setInterval(
        () => {
          const m = process.memoryUsage();
          /** @param {number} n */
          const f = (n) => `${(n / 1048576).toFixed(0)} MB`;
          console.error(
            `  ${((performance.now() - started) / 1000).toFixed(0)} s: rss ${f(m.rss)} heap ${f(m.heapUsed)}/${f(m.heapTotal)} external ${f(m.external)} arrayBuffers ${f(m.arrayBuffers)}`,
          );
        },
        Number(env.BENCH_MEMORY_LOG) * 1000,
      )
    : undefined;
  const started = performance.now();
  const worker = createReleaseWorker({
    stores: speechStores(client.db(dbName)),
    log: logger,
    pollMs: 60_000,
    ...(env.BENCH_DECODE_THREADS ? { decodeThreads: Number(env.BENCH_DECODE_THREADS) } : {}),
    ...(env.BENCH_PARQUET_SHARD_MB
      ? { parquet: { shardBytes: Number(env.BENCH_PARQUET_SHARD_MB) * 1e6 } }
      : {}),
  });
  await worker.idle();
  await worker.stop();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(memory);
  const { user, system } = process.cpuUsage();
  console.log(
    JSON.stringify({ seconds, cpuSeconds: (user + system) / 1e6, maxRssKb: process.resourceUsage().maxRSS }),
  );
  await client.close();
}

async function main() {
  const CLIPS = Number(env.BENCH_RELEASE_CLIPS ?? 10_000);
  const SPEAKERS = Number(env.BENCH_SPEAKERS ?? 500);
  const bench = createBench('releases-bench-');
  bench.run(
    async () => {
      buildSpeech();
      const { uri, child: mongo } = await bench.startMongo();
      const client = await MongoClient.connect(uri);
      const dbName = 'speech';
      const db = client.db(dbName);
      try {
        const take = makeClip(bench.work);
        const seeded = await seed(db, take, CLIPS, SPEAKERS);
        log(
          `Seeded ${CLIPS.toLocaleString('en-US')} validated five-second clips (${take.length} bytes of Ogg/Opus each) from ${SPEAKERS} speakers in ${seeded.toFixed(1)} s.`,
        );

        const child = spawn(
          process.execPath,
          [
            ...BUILDER_ARGS.split(' ').filter(Boolean),
            new URL(import.meta.url).pathname,
            '--build',
            uri,
            dbName,
          ],
          {
            cwd: root,
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        const mongoCpuBefore = cpuSeconds(mongo.pid);
        const rss = watchRss({ builder: child.pid }, 1);
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        const progress = setInterval(async () => {
          const r = await db.collection('releases').findOne({}, { projection: { progress: 1, stage: 1 } });
          if (r?.stage) log(`  ${(r.progress * 100).toFixed(0).padStart(3)}%  ${r.stage}`);
        }, 15_000);
        const code = await new Promise((res) => child.on('exit', res));
        clearInterval(progress);
        rss.stop();
        if (code !== 0) throw new Error(`the builder exited with ${code}`);
        const { seconds, cpuSeconds: builderCpu, maxRssKb } = JSON.parse(out.trim().split('\n').pop() ?? '');
        const mongoCpu = cpuSeconds(mongo.pid) - mongoCpuBefore;
        const releases = /** @type {import('mongodb').Collection<ReleaseDoc>} */ (db.collection('releases'));
        const release = await releases.findOne({});
        if (!release) throw new Error('no release was built');
        if (release.status !== 'published') throw new Error(`release ${release.status}: ${release.error}`);
        const peakKb = Math.max(rss.peak.builder, maxRssKb);
        const complete = release.artifacts.find((a) => a.name === 'complete.zip');
        const audio = release.artifacts.find((a) => a.name === 'audio.zip');
        if (!complete || !audio || !release.figures)
          throw new Error('the published release lacks its archives or its figures');
        log('');
        log('| release build | figure | target |');
        log('| --- | ---: | --- |');
        log(`| clips | ${release.figures.clips.toLocaleString('en-US')} | |`);
        log(`| audio hours | ${(release.figures.audioSeconds / 3600).toFixed(2)} | |`);
        log(`| complete.zip | ${(complete.bytes / 1e6).toFixed(0)} MB | |`);
        log(`| audio.zip | ${(audio.bytes / 1e6).toFixed(0)} MB | |`);
        const shards = await parquetShards(db, release);
        log(
          `| Parquet shards in complete.zip | ${shards.length}, ${(shards.reduce((n, f) => n + f.bytes, 0) / 1e6).toFixed(0)} MB (largest ${(Math.max(0, ...shards.map((f) => f.bytes)) / 1e6).toFixed(0)} MB) | |`,
        );
        log(`| build time | ${seconds.toFixed(1)} s | < 300 s: ${seconds < 300 ? 'met' : 'NOT met'} |`);
        log(
          `| CPU: builder (all threads), database | ${builderCpu.toFixed(1)} s, ${mongoCpu.toFixed(1)} s | |`,
        );
        log(`| load average at the end (${availableParallelism()} cores) | ${loadavg()[0]?.toFixed(1)} | |`);
        log(`| builder peak RSS | ${mb(peakKb)} | < 300 MB: ${peakKb < 300 * 1024 ? 'met' : 'NOT met'} |`);
        log(`| builder Node flags | ${BUILDER_ARGS || 'none'} | |`);
      } finally {
        await client.close();
      }
    },
    { exitAfter: true },
  );
}

/**
 * The Parquet shards a release's manifest (metadata.json) lists.
 * @param {import('mongodb').Db} db
 * @param {ReleaseDoc} release
 * @returns {Promise<Array<{ path: string; bytes: number }>>}
 */
async function parquetShards(db, release) {
  const manifest = release.artifacts.find((a) => a.name === 'metadata.json');
  if (!manifest) throw new Error('the published release lacks its metadata.json');
  const parts = [];
  for await (const chunk of new GridFSBucket(db, { bucketName: 'release_files' }).openDownloadStream(
    manifest.fileId,
  ))
    parts.push(chunk);
  /** @type {{ files: Array<{ path: string; bytes: number }> }} */
  const { files } = JSON.parse(Buffer.concat(parts).toString('utf8'));
  return files.filter((f) => /^data\/.+\.parquet$/.test(f.path));
}

/**
 * A five-second Ogg/Opus take of espeak-ng speech (as the Speak benchmark makes).
 * @param {string} work
 */
function makeClip(work) {
  const wav = join(work, 'speech.wav');
  const five = join(work, 'five.wav');
  const ogg = join(work, 'five.ogg');
  execFileSync('espeak-ng', ['-w', wav, 'Please read this sentence aloud, clearly and slowly, then stop.']);
  execFileSync('sox', [wav, '-r', '48000', five, 'pad', '0', '5', 'trim', '0', '5']);
  execFileSync('opusenc', ['--quiet', '--bitrate', '32', five, ogg]);
  return readFileSync(ogg);
}

/**
 * Sentences, recordings and one GridFS copy of the take per recording, stored straight; then the release.
 * @param {import('mongodb').Db} db
 * @param {Buffer} take
 * @param {number} clips
 * @param {number} speakers
 */
async function seed(db, take, clips, speakers) {
  const started = performance.now();
  const sentences = [...Array(Math.min(clips, 5000))].map((_, i) => ({
    _id: new ObjectId().toHexString(),
    text: `Gbólóhùn àyẹ̀wò nọ́mbà ${i}.`,
    language: 'yo',
    recordable: true,
    domains: ['general'],
    recordingCount: 0,
    rand: Math.random(),
    seq: i + 1,
  }));
  await keyedByString(db, 'sentences').insertMany(sentences);
  // The indexes the driver gives a bucket on its first upload (the takes are stored here without one).
  await db.collection('audio.files').createIndex({ filename: 1, uploadDate: 1 });
  await db.collection('audio.chunks').createIndex({ files_id: 1, n: 1 }, { unique: true });
  const before = new Date(Date.now() - 60_000);
  for (let from = 0; from < clips; from += 1000) {
    const files = [];
    const chunks = [];
    const recordings = [];
    for (let i = from; i < Math.min(clips, from + 1000); i++) {
      const fileId = new ObjectId();
      files.push({
        _id: fileId,
        length: take.length,
        chunkSize: 255 * 1024,
        uploadDate: before,
        filename: 'take.ogg',
      });
      chunks.push({ files_id: fileId, n: 0, data: take });
      const sentence = cycle(sentences, i);
      recordings.push({
        _id: new ObjectId(),
        sentenceId: sentence._id,
        sentenceText: sentence.text,
        language: 'yo',
        durationSeconds: 5,
        audioFileId: fileId,
        container: 'ogg',
        contentType: 'audio/ogg',
        bytes: take.length,
        speakerId: `speaker-${i % speakers}`,
        speakerName: null,
        yes: 2,
        no: 0,
        voteCount: 2,
        reports: 0,
        status: 'validated',
        createdAt: before,
      });
    }
    await db.collection('audio.files').insertMany(files);
    await db.collection('audio.chunks').insertMany(chunks);
    await db.collection('recordings').insertMany(recordings);
  }
  const datasetId = new ObjectId().toHexString();
  const definition = {
    name: 'Benchmark Yoruba Speech',
    description: 'Ten thousand five-second clips.',
    language: 'yo',
    category: 'linguistic',
    tags: [],
    license: 'CC0-1.0',
    sources: { include: ['recordings', 'sentences'], languages: ['yo'], domains: [], categories: [] },
  };
  const now = new Date();
  await keyedByString(db, 'datasets').insertOne({
    _id: datasetId,
    ...definition,
    nameKey: definition.name.toLowerCase(),
    createdAt: now,
    updatedAt: now,
  });
  await db.collection('releases').insertOne({
    _id: new ObjectId(),
    datasetId,
    version: 1,
    status: 'building',
    definition,
    cutoff: now,
    createdAt: now,
    createdBy: 'bench-admin',
    progress: 0,
    artifacts: [],
  });
  return (performance.now() - started) / 1000;
}
