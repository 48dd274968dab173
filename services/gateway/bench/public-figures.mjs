// @ts-check
// The public figures and Review's queue at a million documents. Not a test: it measures and prints.
//
//   node services/gateway/bench/public-figures.mjs                                 # 1,000,000 of each
//   BENCH_SENTENCES=20000 BENCH_RECORDINGS=20000 node services/gateway/bench/public-figures.mjs
//
// Starts the platform as `npm start` does (embedded database, text and speech services, gateway; a throw-away
// DATA_DIR), waits for the services' one-time activity rebuilds to finish on the empty store, then loads,
// with insertMany batches straight into the services' collections (their indexes already made at start):
// BENCH_SENTENCES written sentences (five languages, 85% approved, 10% pending, 5% rejected, by BENCH_WRITERS
// writers) plus BENCH_OWN pending sentences of one writer, older than every other pending one (the front of
// the review queue); BENCH_PAIRS text pairs; BENCH_RECORDINGS recordings (70% validated, 10% rejected, 20%
// undecided, by BENCH_SPEAKERS speakers); BENCH_DONATIONS voice donations; and the daily and monthly activity
// counts the services would have kept for all of it (daily, monthly, lifetime and the days' active people;
// each person contributes on 20 days of the last year).
// Loaded sentences and pairs get negative change numbers, so the speech service's copy of them (which follows
// the numbers upwards) does not start copying a million sentences during the timings.
//
// Then it times, one request at a time:
//   (a) GET /api/public/stats and /api/public/languages through the gateway, alternately, BENCH_FIGURES
//       requests (default 300): every answer is computed from both services at that request; target p95 < 100 ms;
//       and each service's side alone, straight to it, to show where the time goes;
//   (b) GET /api/review/next (any language, and one language) straight to the text service for the writer
//       with BENCH_OWN pending items at the front, BENCH_QUEUE requests each (default 300); target p95 < 20 ms.
// Every figure is printed with the one-minute load average at the end of its phase.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { buildWhatRuns, startRealPlatform } from './real-platform.mjs';

const require = createRequire(import.meta.url);
const { signIdentity } = require('@platform/service-kit');
const { SERVICE_IDENTITIES } = require('@platform/contracts');

const env = process.env;
const SENTENCES = Number(env.BENCH_SENTENCES ?? 1_000_000);
const RECORDINGS = Number(env.BENCH_RECORDINGS ?? 1_000_000);
const PAIRS = Number(env.BENCH_PAIRS ?? 20_000);
const DONATIONS = Number(env.BENCH_DONATIONS ?? 5_000);
const WRITERS = Number(env.BENCH_WRITERS ?? 2_000);
const SPEAKERS = Number(env.BENCH_SPEAKERS ?? 5_000);
const OWN = Number(env.BENCH_OWN ?? 5_000);
const FIGURE_REQUESTS = Number(env.BENCH_FIGURES ?? 300);
const QUEUE_REQUESTS = Number(env.BENCH_QUEUE ?? 300);
const BATCH = 5_000;
const LANGS = /** @type {const} */ (['yo', 'en', 'ha', 'ig', 'pcm']);
const DAY = 86_400_000;
const NOW = Date.now();
const PROLIFIC = 'bench-prolific-writer';

/** @param {...unknown} a */
const log = (...a) => console.log(...a);
const load = () => (loadavg()[0] ?? NaN).toFixed(2);

/**
 * The p-th percentile of ascending timings.
 * @param {number[]} sorted
 * @param {number} p
 */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
/** @param {number} n */
const ms = (n) => n.toFixed(2);

/**
 * When the n-th contribution of a person is made: each person contributes on 20 days of the last year, their
 * own, so the activity counts hold about 20 rows per person and kind, as people come back now and then.
 * @param {number} person
 * @param {number} nth
 */
const contributedAt = (person, nth) =>
  new Date(NOW - (((person * 17 + (nth % 20) * 18) % 365) * DAY + 60_000 + (nth % 3600) * 1000));

/** The kinds that make a person an active contributor (service-kit's CONTRIBUTION_KINDS). */
const CONTRIBUTION_KINDS = [
  'recordings.submitted',
  'votes.given',
  'donations.submitted',
  'sentences.written',
  'pairs.added',
  'reviews.given',
];

/**
 * The activity counts the services keep (libs/service-kit/src/activity.ts), built from the loaded data: one
 * row per kind, person, language and UTC day (and month), each event also under everyone ('*'); each person's
 * lifetime totals per kind and language; and each day's active people.
 */
class ActivityRows {
  constructor() {
    /** @type {Map<string, { kind: string, userId: string, language: string, day: Date, count: number, seconds: number }>} */
    this.daily = new Map();
    /** @type {Map<string, { kind: string, userId: string, language: string, day: Date, count: number, seconds: number }>} */
    this.monthly = new Map();
    /** @type {Map<string, { kind: string, userId: string, language: string, count: number, seconds: number }>} */
    this.totals = new Map();
    /** @type {Map<number, Record<string, number>>} */
    this.people = new Map();
  }

  /**
   * @param {string} kind
   * @param {string} userId
   * @param {string} language
   * @param {Date} at
   * @param {number} [seconds]
   */
  add(kind, userId, language, at, seconds = 0) {
    const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    for (const [rows, start] of /** @type {const} */ ([
      [this.daily, day],
      [this.monthly, month],
    ])) {
      for (const who of [userId, '*']) {
        const key = `${kind}\u0000${who}\u0000${language}\u0000${start.getTime()}`;
        const row = rows.get(key) ?? { kind, userId: who, language, day: start, count: 0, seconds: 0 };
        row.count += 1;
        row.seconds += seconds;
        rows.set(key, row);
      }
    }
    const key = `${kind}\u0000${userId}\u0000${language}`;
    const total = this.totals.get(key) ?? { kind, userId, language, count: 0, seconds: 0 };
    total.count += 1;
    total.seconds += seconds;
    this.totals.set(key, total);
    if (CONTRIBUTION_KINDS.includes(kind)) {
      const people = this.people.get(day.getTime()) ?? {};
      people[userId] = (people[userId] ?? 0) + 1;
      this.people.set(day.getTime(), people);
    }
  }

  /** @param {import('mongodb').Db} db */
  async insertInto(db) {
    await insertAll(db.collection('activity_daily'), [...this.daily.values()]);
    await insertAll(db.collection('activity_monthly'), [...this.monthly.values()]);
    await insertAll(db.collection('activity_totals'), [...this.totals.values()]);
    await insertAll(
      db.collection('activity_people_daily'),
      [...this.people].map(([day, people]) => ({ _id: new Date(day), people })),
    );
    return this.daily.size + this.monthly.size + this.totals.size + this.people.size;
  }
}

/**
 * @param {import('mongodb').Collection} collection
 * @param {import('mongodb').Document[]} docs
 */
async function insertAll(collection, docs) {
  for (let i = 0; i < docs.length; i += BATCH) await collection.insertMany(docs.slice(i, i + BATCH));
}

/**
 * Inserts `n` documents made by make(i), in batches.
 * @param {import('mongodb').Collection} collection
 * @param {number} n
 * @param {(i: number) => import('mongodb').Document} make
 */
async function insertMade(collection, n, make) {
  for (let from = 0; from < n; from += BATCH) {
    const docs = [];
    for (let i = from; i < Math.min(n, from + BATCH); i++) docs.push(make(i));
    await collection.insertMany(docs, { ordered: false });
  }
}

/** @param {import('mongodb').Db} text */
async function loadText(text) {
  const activity = new ActivityRows();
  await insertMade(text.collection('sentences'), SENTENCES, (i) => {
    const writer = i % WRITERS;
    const createdAt = contributedAt(writer, Math.floor(i / WRITERS));
    const status = i % 10 === 0 ? 'pending' : i % 20 === 1 ? 'rejected' : 'validated';
    const decidedAt = status === 'pending' ? undefined : new Date(createdAt.getTime() + 3_600_000);
    const reviewed = status === 'pending' && i % 3 === 0;
    const language = LANGS[i % LANGS.length] ?? 'yo';
    activity.add('sentences.written', `writer${writer}`, language, createdAt);
    if (decidedAt)
      activity.add(
        status === 'validated' ? 'sentences.approved' : 'sentences.rejected',
        `writer${writer}`,
        language,
        decidedAt,
      );
    return {
      _id: new ObjectId(),
      text: `Benchmark sentence number ${i}.`,
      key: `benchmarksentencenumber${i}`,
      language,
      citation: 'Benchmark.',
      license: 'CC0-1.0',
      source: 'write',
      status,
      createdAt,
      seq: -1 - i,
      authorId: `writer${writer}`,
      domains: ['general'],
      approvals: status === 'validated' ? 2 : reviewed ? 1 : 0,
      rejections: status === 'rejected' ? 2 : 0,
      reviews: status === 'pending' ? (reviewed ? 1 : 0) : 2,
      skips: 0,
      judgedBy: [],
      ...(decidedAt ? { decidedAt } : {}),
    };
  });
  // The prolific writer's pending sentences: older than any other pending one, unreviewed, unskipped.
  await insertMade(text.collection('sentences'), OWN, (i) => {
    const createdAt = new Date(NOW - 400 * DAY + i * 1000);
    const language = LANGS[i % LANGS.length] ?? 'yo';
    activity.add('sentences.written', PROLIFIC, language, createdAt);
    return {
      _id: new ObjectId(),
      text: `Prolific sentence number ${i}.`,
      key: `prolificsentencenumber${i}`,
      language,
      citation: 'Benchmark.',
      license: 'CC0-1.0',
      source: 'write',
      status: 'pending',
      createdAt,
      seq: -1 - SENTENCES - i,
      authorId: PROLIFIC,
      domains: ['general'],
      approvals: 0,
      rejections: 0,
      reviews: 0,
      skips: 0,
      judgedBy: [],
    };
  });
  await insertMade(text.collection('text_pairs'), PAIRS, (i) => {
    const writer = i % WRITERS;
    const createdAt = contributedAt(writer, Math.floor(i / WRITERS) + 7);
    const status = i % 4 === 0 ? 'pending' : 'validated';
    activity.add('pairs.added', `writer${writer}`, 'yo', createdAt);
    if (status === 'validated') activity.add('pairs.approved', `writer${writer}`, 'yo', createdAt);
    return {
      _id: new ObjectId(),
      source_lang_text: `Benchmark pair number ${i}.`,
      target_lang_text: `Gbólóhùn àpẹẹrẹ ${i}.`,
      text_category: 'conversational',
      authorId: `writer${writer}`,
      status,
      approvals: status === 'validated' ? 2 : 0,
      rejections: 0,
      reviews: status === 'validated' ? 2 : 0,
      skips: 0,
      judgedBy: [],
      key: `benchmark pair number ${i}\u0000gbólóhùn àpẹẹrẹ ${i}`,
      createdAt,
      seq: -1 - i,
      ...(status === 'validated' ? { decidedAt: createdAt } : {}),
    };
  });
  return activity.insertInto(text);
}

/** @param {import('mongodb').Db} speech */
async function loadSpeech(speech) {
  const activity = new ActivityRows();
  await insertMade(speech.collection('recordings'), RECORDINGS, (i) => {
    const speaker = i % SPEAKERS;
    const createdAt = contributedAt(speaker, Math.floor(i / SPEAKERS));
    const state = i % 10;
    const status = state < 7 ? 'validated' : state === 7 ? 'invalidated' : 'undecided';
    const yes = status === 'validated' ? 2 : status === 'undecided' ? state - 8 : 0;
    const no = status === 'invalidated' ? 2 : 0;
    const durationSeconds = 2 + (i % 80) / 10;
    const language = LANGS[i % LANGS.length] ?? 'yo';
    const decidedAt = status === 'undecided' ? undefined : new Date(createdAt.getTime() + 3_600_000);
    activity.add('recordings.submitted', `speaker${speaker}`, language, createdAt, durationSeconds);
    if (decidedAt)
      activity.add(
        status === 'validated' ? 'recordings.validated' : 'recordings.rejected',
        `speaker${speaker}`,
        language,
        decidedAt,
        durationSeconds,
      );
    return {
      _id: new ObjectId(),
      sentenceId: `bench-sentence-${i % 10_000}`,
      sentenceText: 'Gbólóhùn àpẹẹrẹ.',
      language,
      durationSeconds,
      audioFileId: new ObjectId(),
      container: 'ogg',
      contentType: 'audio/ogg',
      bytes: 40_000,
      speakerId: `speaker${speaker}`,
      speakerName: null,
      yes,
      no,
      voteCount: yes + no,
      reports: 0,
      status,
      createdAt,
      ...(decidedAt ? { decidedAt } : {}),
    };
  });
  await insertMade(speech.collection('audio_pairs'), DONATIONS, (i) => {
    const donor = i % SPEAKERS;
    const createdAt = contributedAt(donor, Math.floor(i / SPEAKERS) + 3);
    const approved = i % 3 !== 0;
    activity.add('donations.submitted', `speaker${donor}`, 'yo', createdAt, 7);
    if (approved) activity.add('donations.approved', `speaker${donor}`, 'yo', createdAt, 7);
    return {
      _id: new ObjectId(),
      textId: `bench-pair-${i}`,
      sourceText: 'Good morning.',
      targetText: 'Ẹ káàárọ̀.',
      category: 'conversational',
      dialect: 'standard-yoruba',
      donorId: `speaker${donor}`,
      sourceFileId: new ObjectId(),
      targetFileId: new ObjectId(),
      sourceBytes: 1,
      targetBytes: 1,
      sourceDurationMs: 3000,
      targetDurationMs: 4000,
      status: approved ? 'approved' : 'pending',
      ...(approved ? { decision: { byId: 'bench-reviewer', at: createdAt } } : {}),
      createdAt,
    };
  });
  return activity.insertInto(speech);
}

/**
 * Waits until every one-time activity rebuild of the database is done (they run at start, on the empty store:
 * data loaded before one ran would be counted twice, by it and by the loaded counts).
 * @param {import('mongodb').Db} db
 * @param {string[]} markers
 */
async function rebuildsDone(db, markers) {
  const until = Date.now() + 120_000;
  for (;;) {
    const done = await db
      .collection('activity_backfill')
      .countDocuments({ _id: { $in: /** @type {never} */ (markers) }, state: 'done' });
    if (done === markers.length) return;
    if (Date.now() > until) throw new Error(`${db.databaseName}: activity rebuilds ${markers} not done`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Times `n` calls of fn, one at a time, after 10 unmeasured ones; ascending milliseconds.
 * @param {number} n
 * @param {(i: number) => Promise<unknown>} fn
 */
async function timed(n, fn) {
  for (let i = 0; i < 10; i++) await fn(i);
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
async function getOk(url, headers) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}

/** @type {string[]} */
const rows = [];
/**
 * Prints one figure's row with the load average beside it.
 * @param {string} name
 * @param {number[]} sorted
 * @param {number | undefined} target
 */
function row(name, sorted, target) {
  const verdict =
    target === undefined ? '–' : pct(sorted, 95) < target ? `< ${target} ms: met` : `< ${target} ms: NOT met`;
  const line = `| ${name} | ${sorted.length} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | ${ms(sorted[sorted.length - 1] ?? NaN)} | ${verdict} | ${load()} |`;
  rows.push(line);
  log(line);
}

async function main() {
  log(
    `public figures and review queue: ${SENTENCES} sentences (+${OWN} of one writer), ${RECORDINGS} recordings, ` +
      `${PAIRS} text pairs, ${DONATIONS} donations`,
  );
  await buildWhatRuns();
  const dataDir = mkdtempSync(join(tmpdir(), 'public-figures-bench-'));
  /** @type {Awaited<ReturnType<typeof startRealPlatform>> | undefined} */
  let platform;
  const client = /** @type {MongoClient | undefined} */ (undefined);
  let mongo = client;
  try {
    platform = await startRealPlatform(dataDir);
    const { site, text: textUrl, speech: speechUrl, mongo: mongoUri } = platform.urls;
    const secret = platform.identitySecret;
    mongo = new MongoClient(mongoUri);
    const text = mongo.db('text');
    const speech = mongo.db('speech');
    await rebuildsDone(text, ['text-activity', 'text-quality', 'text-people']);
    await rebuildsDone(speech, ['speech-activity-v1', 'speech-people']);
    log('loading...');
    let t = performance.now();
    const textRows = await loadText(text);
    log(
      `  text: ${SENTENCES + OWN} sentences, ${PAIRS} pairs, ${textRows} activity rows in ${((performance.now() - t) / 1000).toFixed(1)} s (load avg ${load()})`,
    );
    t = performance.now();
    const speechRows = await loadSpeech(speech);
    log(
      `  speech: ${RECORDINGS} recordings, ${DONATIONS} donations, ${speechRows} activity rows in ${((performance.now() - t) / 1000).toFixed(1)} s (load avg ${load()})`,
    );

    const stats = /** @type {import('@platform/contracts').PublicStats} */ (
      JSON.parse(await getOk(`${site}/api/public/stats`))
    );
    log(`  the landing counters now: ${JSON.stringify(stats)}`);

    log(`\n${cpus().length} cores; one request at a time; load average (1 min) at the end of each phase`);
    log('| figure | n | p50 ms | p95 ms | max ms | target (p95) | load avg |');
    log('| --- | ---: | ---: | ---: | ---: | --- | ---: |');
    const paths = ['/api/public/stats', '/api/public/languages'];
    row(
      'public figures through the gateway (stats, languages)',
      await timed(FIGURE_REQUESTS, (i) => getOk(`${site}${paths[i % 2]}`)),
      100,
    );
    /** @param {string} service @param {string} base @param {string} path */
    const internal = (service, base, path) =>
      timed(Math.ceil(FIGURE_REQUESTS / 2), () =>
        getOk(
          `${base}${path}`,
          signIdentity(SERVICE_IDENTITIES.gateway, secret, { method: 'GET', url: path, service }),
        ),
      );
    row(
      '  text side alone (GET /internal/public/text-figures)',
      await internal('text', textUrl, '/internal/public/text-figures'),
      undefined,
    );
    row(
      '  speech side alone (GET /internal/public/speech-figures)',
      await internal('speech', speechUrl, '/internal/public/speech-figures'),
      undefined,
    );

    const prolific = { id: PROLIFIC, role: /** @type {const} */ ('contributor'), name: 'Bench Prolific' };
    /** @param {string} path */
    const asProlific = (path) =>
      getOk(
        `${textUrl}${path}`,
        signIdentity(prolific, secret, { method: 'GET', url: path, service: 'text' }),
      );
    const first = JSON.parse(await asProlific('/api/review/next?kind=sentence')).item;
    if (!first || first.text.startsWith('Prolific'))
      throw new Error(`the queue offered ${JSON.stringify(first)}`);
    row(
      `review queue's next item, the writer of the ${OWN} first`,
      await timed(QUEUE_REQUESTS, () => asProlific('/api/review/next?kind=sentence')),
      20,
    );
    row(
      `  the same in one language (lang=<l>)`,
      await timed(QUEUE_REQUESTS, (i) =>
        asProlific(`/api/review/next?kind=sentence&lang=${LANGS[i % LANGS.length]}`),
      ),
      20,
    );
    log(
      `\nload average at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await mongo?.close();
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
