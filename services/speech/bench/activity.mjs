// @ts-check
// Activity counts benchmark. Not a test: it measures and prints.
//
//   node services/speech/bench/activity.mjs
//   BENCH_RECORDINGS=20000 node services/speech/bench/activity.mjs
//
// Starts the embedded MongoDB (a child process, fresh folder), stores BENCH_RECORDINGS recordings (80% decided by
// votes, with their votes), BENCH_RECORDINGS / 10 voice donations and as many Listen reports straight into the
// speech database as data from before the counts were kept, then runs the built service's one-time backfill
// (activity/backfill.js) and times it; then times, in this process over the driver, the figures the text
// service and the analytics screen ask for: recording quality for this year, the language distribution, and
// 40 activity sums at once (a project page's targets or a chart's buckets). Then the public site's speech side:
// the figures the gateway asks for (per-language recordings, hours and speakers, and the people active in the
// last 30 days) and, with one published release of everything, the landing demo's clip and its audio check.
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { build, createBench, cpuSeconds, log, percentileRow, root } from '../../../tools/bench/harness.mjs';

const env = process.env;
const RECORDINGS = Number(env.BENCH_RECORDINGS ?? 100_000);
const QUERIES = Number(env.BENCH_QUERIES ?? 200);
/** Rounds of the public figures. */
const FIGURE_QUERIES = Number(env.BENCH_FIGURE_QUERIES ?? 20);
const require = createRequire(import.meta.url);
const LANGUAGES = ['yo', 'en', 'ha', 'ig', 'pcm'];
const DAY = 86_400_000;

/** @param {import('mongodb').Db} db */
async function seed(db) {
  const started = performance.now();
  const now = Date.now();
  const speakers = 1000;
  for (let from = 0; from < RECORDINGS; from += 1000) {
    const recordings = [];
    const votes = [];
    const pairs = [];
    const marks = [];
    for (let i = from; i < Math.min(RECORDINGS, from + 1000); i++) {
      const createdAt = new Date(now - (400 - (i % 400)) * DAY - 3_600_000);
      const decided = i % 5 !== 0;
      const yes = decided ? (i % 3 === 0 ? 0 : 2) : 1;
      const no = decided ? (i % 3 === 0 ? 2 : i % 2) : 0;
      const _id = new ObjectId();
      recordings.push({
        _id,
        sentenceId: `s${i % 5000}`,
        sentenceText: 'Gbólóhùn.',
        language: LANGUAGES[i % LANGUAGES.length],
        durationSeconds: 4 + (i % 3),
        audioFileId: new ObjectId(),
        container: 'ogg',
        contentType: 'audio/ogg',
        bytes: 1,
        speakerId: `spk-${i % speakers}`,
        speakerName: null,
        yes,
        no,
        voteCount: yes + no,
        reports: 0,
        status: !decided ? 'undecided' : yes > no ? 'validated' : 'invalidated',
        createdAt,
      });
      for (let v = 0; v < yes + no; v++) {
        votes.push({
          recordingId: _id,
          voterId: `voter-${(i + v) % speakers}`,
          isValid: v < yes,
          createdAt: new Date(createdAt.getTime() + (v + 1) * 3_600_000),
        });
      }
      if (i % 10 === 0) {
        pairs.push({
          _id: new ObjectId(),
          textId: `t${i}`,
          sourceText: 'Hi.',
          targetText: 'Báwo.',
          category: 'conversational',
          dialect: 'standard-yoruba',
          donorId: `donor-${i % 300}`,
          sourceFileId: new ObjectId(),
          targetFileId: new ObjectId(),
          sourceBytes: 1,
          targetBytes: 1,
          sourceDurationMs: 3000,
          targetDurationMs: 4000,
          status: i % 30 === 0 ? 'pending' : 'approved',
          ...(i % 30 === 0 ? {} : { decision: { byId: 'rev', at: new Date(createdAt.getTime() + DAY) } }),
          createdAt,
        });
        marks.push({
          userId: `voter-${i % speakers}`,
          recordingId: _id,
          kind: 'reported',
          reason: ['noise', 'offensive', 'wrong-sentence', 'other'][i % 4],
          createdAt,
        });
      }
    }
    await db.collection('recordings').insertMany(recordings);
    await db.collection('votes').insertMany(votes);
    if (pairs.length) await db.collection('audio_pairs').insertMany(pairs);
    if (marks.length) await db.collection('recording_marks').insertMany(marks);
  }
  return (performance.now() - started) / 1000;
}

/**
 * @param {number} n
 * @param {() => Promise<unknown>} fn
 */
async function timed(n, fn) {
  await fn();
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

const bench = createBench('activity-bench-');
bench.run(
  async () => {
    build(['libs/contracts', 'libs/service-kit', 'libs/embedded-mongo', 'services/speech']);
    // A module of the built service; each is typed by the source it is built from.
    /** @param {string} p @returns {unknown} */
    const dist = (p) => require(join(root, 'services/speech/dist', p));
    const { SPEECH_INDEXES } = /** @type {typeof import('../src/indexes')} */ (dist('indexes.js'));
    const { runActivityBackfill } = /** @type {typeof import('../src/activity/backfill')} */ (
      dist('activity/backfill.js')
    );
    const { recordingQuality } = /** @type {typeof import('../src/analytics/quality-counts')} */ (
      dist('analytics/quality-counts.js')
    );
    const { languageDistribution } = /** @type {typeof import('../src/analytics/language-distribution')} */ (
      dist('analytics/language-distribution.js')
    );
    const { speechFigures } = /** @type {typeof import('../src/public-site/figures')} */ (
      dist('public-site/figures.js')
    );
    const { publicSiteStore } = /** @type {typeof import('../src/public-site/store')} */ (
      dist('public-site/store.js')
    );
    const { pickDemoClip, publishedRecording } = /** @type {typeof import('../src/public-site/demo')} */ (
      dist('public-site/demo.js')
    );
    const kit = require('@platform/service-kit');
    const { uri, child: mongo } = await bench.startMongo();
    const client = await MongoClient.connect(uri);
    const db = client.db('speech');
    try {
      for (const c of SPEECH_INDEXES)
        for (const i of c.indexes) {
          const { key, ...options } = i;
          await db.collection(c.collection).createIndex(key, options);
        }
      const seeded = await seed(db);
      const votes = await db.collection('votes').estimatedDocumentCount();
      log(
        `Seeded ${RECORDINGS.toLocaleString('en-US')} recordings, ${votes.toLocaleString('en-US')} votes, ` +
          `${(RECORDINGS / 10).toLocaleString('en-US')} donations and reports in ${seeded.toFixed(1)} s.`,
      );

      const mongoCpu = cpuSeconds(mongo.pid);
      const started = performance.now();
      const outcome = await runActivityBackfill({ db, startedAt: new Date() });
      if (outcome.state !== 'done') throw new Error('the backfill skipped a database it never rebuilt');
      const backfillSeconds = (performance.now() - started) / 1000;
      const backfillDbCpu = cpuSeconds(mongo.pid) - mongoCpu;
      const [submitted] = [
        ...(
          await kit.sumActivity(db, [
            {
              key: 's',
              kinds: ['recordings.submitted'],
              from: '2000-01-01T00:00:00Z',
              to: '2100-01-01T00:00:00Z',
            },
          ])
        ).values(),
      ];
      if (submitted !== RECORDINGS)
        throw new Error(`backfill counted ${submitted} recordings of ${RECORDINGS}`);

      const now = new Date();
      const year = kit.periodBuckets('year', now);
      const sums = Array.from({ length: 40 }, (_, i) => {
        const bucket = year[i % 4];
        if (!bucket) throw new Error(`a year has no quarter ${(i % 4) + 1}`);
        return {
          key: `q${i}`,
          kinds: i % 2 ? ['recordings.validated', 'donations.approved'] : ['votes.given'],
          ...(i % 3 ? { userId: `spk-${i}` } : {}),
          ...(i % 5
            ? { languages: /** @satisfies {import('@platform/contracts').LanguageCode[]} */ (['yo', 'ha']) }
            : {}),
          from: bucket.start.toISOString(),
          to: bucket.end.toISOString(),
        };
      });
      const quality = await timed(QUERIES, () => recordingQuality(db, 'year', now));
      const distribution = await timed(QUERIES, () => languageDistribution(db));
      const fortySums = await timed(QUERIES, () => kit.sumActivity(db, sums));
      const figures = await timed(FIGURE_QUERIES, () => speechFigures(publicSiteStore(db), now));
      const sample = await speechFigures(publicSiteStore(db), now);
      log(
        `Public figures: ${sample.languages.map((l) => `${l.language} ${l.recordings} recordings, ${l.speakers} speakers`).join('; ')}; ` +
          `${sample.activeContributors.length} active in 30 days.`,
      );
      await db.collection('releases').insertOne({
        _id: new ObjectId(),
        datasetId: new ObjectId().toHexString(),
        version: 1,
        status: 'published',
        definition: {
          name: 'Bench',
          description: '',
          language: 'multiple',
          category: 'linguistic',
          tags: [],
          license: 'CC-BY-4.0',
          sources: { include: ['recordings'], languages: [], domains: [], categories: [] },
        },
        cutoff: now,
        createdAt: now,
        createdBy: 'bench',
        publishedAt: now,
        progress: 1,
        artifacts: [],
      });
      const demo = await timed(QUERIES, async () => {
        if (!(await pickDemoClip(db))) throw new Error('no demo clip');
      });
      const demoHa = await timed(QUERIES, async () => {
        if (!(await pickDemoClip(db, 'ha'))) throw new Error('no Hausa demo clip');
      });
      const clip = await pickDemoClip(db);
      if (!clip) throw new Error('no demo clip');
      const audioCheck = await timed(QUERIES, async () => {
        if (!(await publishedRecording(db, clip.id))) throw new Error('the demo clip does not qualify');
      });

      log('');
      log(
        `| backfill (${outcome.rows.toLocaleString('en-US')} count documents written) | ${backfillSeconds.toFixed(1)} s | database CPU ${backfillDbCpu.toFixed(1)} s |`,
      );
      log('');
      log('| figure (in process, over the driver) | p50 | p95 | target p95 |');
      log('| --- | ---: | ---: | --- |');
      log(percentileRow('recording quality, this year', quality, 50));
      log(percentileRow('language distribution', distribution, 50));
      log(percentileRow('40 activity sums in one call', fortySums, 50));
      log(percentileRow(`public speech figures (${FIGURE_QUERIES} rounds)`, figures, 1000));
      log(percentileRow('demo clip, any language', demo, 50));
      log(percentileRow('demo clip, Hausa', demoHa, 50));
      log(percentileRow('demo audio: does the clip qualify', audioCheck, 50));
      log(`load average at the end (${availableParallelism()} cores): ${loadavg()[0]?.toFixed(1)}`);
    } finally {
      await client.close();
    }
  },
  { exitAfter: true },
);
