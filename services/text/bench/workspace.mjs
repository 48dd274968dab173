// @ts-check
// Workspace benchmark. Not a test: it measures and prints.
//
//   node services/text/bench/workspace.mjs                  # 1,000,000 recordings, 100 projects (npm run bench)
//   BENCH_RECORDINGS=200000 BENCH_PROJECTS=100 BENCH_QUERIES=200 node services/text/bench/workspace.mjs
//
// Starts the embedded MongoDB (a child process, fresh folder) and the built text and speech services (the text
// service asks the speech service for the speech counts, as on npm start). Stores the activity counts of
// BENCH_RECORDINGS recordings made over the past year by 5,000 speakers in five languages (80% validated, the
// rest rejected, decided the day they were made, each with two Listen votes), plus approved sentences and text
// pairs, exactly as live counting writes them (per person and for everyone, per day and per month); then
// BENCH_PROJECTS projects (one to three targets each, periods of one to twelve months, 20 members) and ten tasks
// per project. Then times, over HTTP straight to the text service as the gateway would sign the calls:
//   - the dashboard's figures (GET /api/workspace/dashboard) of a manager in 10 projects with 10 tasks;
//   - the analytics Task Progress chart for This Year (GET /api/analytics/progress?period=year), All Projects
//     and one project;
//   - the project list with computed progress and status (GET /api/projects, a page of 20, as a manager who is a
//     member of every project), and filtered by status (which computes every project's).
// Targets: dashboard p95 < 50 ms, analytics year p95 < 200 ms, project list p95 < 100 ms.
import { availableParallelism, loadavg } from 'node:os';
import { MongoClient, ObjectId } from 'mongodb';
import { build, createBench, cycle, log, ms, pct, percentileRow } from '../../../tools/bench/harness.mjs';

const env = process.env;
const RECORDINGS = Number(env.BENCH_RECORDINGS ?? 1_000_000);
const PROJECTS = Number(env.BENCH_PROJECTS ?? 100);
const QUERIES = Number(env.BENCH_QUERIES ?? 200);
const SPEAKERS = 5000;
const LANGUAGES = ['yo', 'en', 'ha', 'ig', 'pcm'];
const KINDS = ['recordings', 'text-pairs', 'sentences', 'donations'];
const DAY = 86_400_000;
const bench = createBench('workspace-bench-');

/** @param {number} t */
const utcDay = (t) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};
/** @param {number} t */
const utcMonth = (t) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

/**
 * The counts live counting would have written for these events: each under its person and under everyone ('*'),
 * per day and per month. Events are generated a batch at a time and only the sums are kept.
 */
class Counts {
  /** @typedef {{ kind: string, userId: string, language: string, day: Date, count: number, seconds: number }} CountDoc */
  /** @type {Map<string, CountDoc>} */
  day = new Map();
  /** @type {Map<string, CountDoc>} */
  month = new Map();
  /**
   * @param {string} kind
   * @param {string} userId
   * @param {string} language
   * @param {number} at
   */
  add(kind, userId, language, at, count = 1, seconds = 0) {
    for (const who of [userId, '*']) {
      for (const [map, start] of /** @satisfies {[Map<string, CountDoc>, number][]} */ ([
        [this.day, utcDay(at)],
        [this.month, utcMonth(at)],
      ])) {
        const key = `${kind}|${who}|${language}|${start}`;
        const doc = map.get(key);
        if (doc) {
          doc.count += count;
          doc.seconds += seconds;
        } else map.set(key, { kind, userId: who, language, day: new Date(start), count, seconds });
      }
    }
  }
  /** @param {import('mongodb').Db} db */
  async write(db) {
    for (const [collection, map] of /** @satisfies {[string, Map<string, CountDoc>][]} */ ([
      ['activity_daily', this.day],
      ['activity_monthly', this.month],
    ])) {
      const docs = [...map.values()];
      for (let i = 0; i < docs.length; i += 10_000)
        await db.collection(collection).insertMany(docs.slice(i, i + 10_000), { ordered: false });
    }
    return this.day.size + this.month.size;
  }
}

/** A well-mixed 32-bit hash of an integer (so sittings spread over speakers and days without short cycles). */
/** @param {number} n */
const hash = (n) => {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
};

/**
 * A speaker's language: most speak one, the first languages more often.
 * @param {number} speaker
 */
const languageOf = (speaker) => cycle(LANGUAGES, cycle([0, 0, 0, 1, 1, 2, 3, 4], speaker));

/**
 * @param {import('mongodb').Db} speechDb
 * @param {import('mongodb').Db} textDb
 */
async function seedActivity(speechDb, textDb) {
  const started = performance.now();
  const now = Date.now();
  const speech = new Counts();
  const text = new Counts();
  for (let i = 0; i < RECORDINGS; i++) {
    // People record in sittings of 20 sentences: a speaker's sitting is on one day of the past year, recent
    // days more often than old ones; a listener (another speaker) votes twice on each of its recordings.
    const sitting = Math.floor(i / 20);
    const speaker = hash(sitting) % SPEAKERS;
    const language = languageOf(speaker);
    const daysAgo = Math.floor(365 * (hash(sitting + 1_000_003) / 2 ** 32) ** 2);
    const at = now - daysAgo * DAY - (hash(sitting + 7) % DAY);
    const seconds = 3 + (i % 5);
    speech.add('recordings.submitted', `s${speaker}`, language, at, 1, seconds);
    speech.add(
      i % 5 === 0 ? 'recordings.rejected' : 'recordings.validated',
      `s${speaker}`,
      language,
      at,
      1,
      seconds,
    );
    speech.add('votes.given', `s${(speaker + 1) % SPEAKERS}`, language, at, 2);
    if (i % 20 === 0) {
      text.add('pairs.approved', `s${speaker}`, 'yo', at);
      text.add('sentences.approved', `s${speaker}`, language, at);
    }
    if (i % 50 === 0) speech.add('donations.approved', `s${speaker}`, 'yo', at, 1, 8);
  }
  const docs = (await speech.write(speechDb)) + (await text.write(textDb));
  log(
    `stored the counts of ${RECORDINGS.toLocaleString('en')} recordings: ${docs.toLocaleString('en')} count documents in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const MANAGER = 'bench-manager';
/** @param {number} p */
const memberOf = (p) => Array.from({ length: 20 }, (_, m) => `s${(p * 37 + m * 101) % SPEAKERS}`);

/** @param {import('mongodb').Db} db */
async function seedProjects(db) {
  const now = Date.now();
  const projects = [];
  const tasks = [];
  for (let p = 0; p < PROJECTS; p++) {
    const _id = new ObjectId();
    const languages = [LANGUAGES[p % 5], ...(p % 3 === 0 ? [LANGUAGES[(p + 1) % 5]] : [])];
    const startDate = new Date(utcDay(now - ((p * 53) % 330) * DAY));
    const dueDate = new Date(startDate.getTime() + (30 + ((p * 31) % 335)) * DAY);
    const targets = Array.from({ length: 1 + (p % 3) }, (_, t) => ({
      kind: KINDS[(p + t) % KINDS.length],
      ...(t === 0 ? { language: languages[0] } : {}),
      count: 1000 * (1 + (p % 7)),
    }));
    // The manager is in every project (the list); the dashboard's person in the first ten.
    const memberIds = [MANAGER, ...(p < 10 ? ['bench-person'] : []), ...memberOf(p)];
    const members = memberIds.map((id) => ({ id, name: `Bench ${id}` }));
    const name = `Project ${p} ${languages.join('-')}`;
    projects.push({
      _id,
      name,
      nameKey: name.toLowerCase(),
      client: `Client ${p % 17}`,
      description: '',
      languages,
      startDate,
      dueDate,
      targets,
      ownerId: MANAGER,
      owner: members[0],
      memberIds,
      members,
      createdAt: startDate,
      updatedAt: startDate,
    });
    for (let t = 0; t < 10; t++) {
      const assignee = p < 10 && t === 0 ? 'bench-person' : memberIds[2 + t];
      tasks.push({
        _id: new ObjectId(),
        projectId: _id,
        projectName: name,
        languages,
        description: `Task ${t} of project ${p}`,
        assigneeId: assignee,
        assignee: { id: assignee, name: `Bench ${assignee}` },
        priority: ['high', 'medium', 'low'][t % 3],
        dueDate: new Date(startDate.getTime() + (10 + t * 9) * DAY),
        state: ['todo', 'active', 'paused'][t % 3],
        ...(t % 2 === 0 ? { target: { kind: KINDS[t % KINDS.length], count: 50 } } : {}),
        createdBy: members[0],
        createdAt: startDate,
        updatedAt: startDate,
      });
    }
  }
  await db.collection('projects').insertMany(projects);
  await db.collection('tasks').insertMany(tasks);
  return projects;
}

/**
 * Times QUERIES calls one after another, after a few untimed ones (the first connections, the JIT).
 * @param {{ url: string }} text
 * @param {{ id: string, role: import('@platform/contracts').Identity['role'] }} who
 * @param {string} path
 */
async function timed(text, { id, role }, path) {
  const url = `${text.url}${path}`;
  /** @type {number[]} */
  const samples = [];
  for (let i = -5; i < QUERIES; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: bench.signed('text', { id, role, url }) });
    const body = await res.text();
    if (i >= 0) samples.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  }
  return samples.sort((a, b) => a - b);
}

bench.run(
  async () => {
    log(`workspace benchmark: ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(2)}`);
    build([
      'libs/contracts',
      'libs/service-kit',
      'libs/audio-probe',
      'libs/embedded-mongo',
      'services/speech',
      'services/text',
    ]);
    const { uri } = await bench.startMongo();
    const client = await MongoClient.connect(uri);
    const speech = await bench.startService('speech', {
      portVar: 'SPEECH_PORT',
      uri,
      env: { TEXT_URL: 'http://127.0.0.1:9' },
    });
    const text = await bench.startService('text', {
      portVar: 'TEXT_PORT',
      uri,
      env: { SPEECH_URL: speech.url, GATEWAY_URL: 'http://127.0.0.1:9' },
    });
    await seedActivity(client.db('speech'), client.db('text'));
    const projects = await seedProjects(client.db('text'));
    log(`stored ${PROJECTS} projects and ${PROJECTS * 10} tasks`);

    /** @type {{ id: string, role: 'manager' }} */
    const manager = { id: MANAGER, role: 'manager' };
    /** @type {{ id: string, role: 'manager' }} */
    const person = { id: 'bench-person', role: 'manager' };
    /** @type {[string, number[], number | undefined][]} */
    const rows = [
      ['dashboard (in 10 projects)', await timed(text, person, '/api/workspace/dashboard'), 50],
      [
        'analytics year, All Projects',
        await timed(text, manager, '/api/analytics/progress?period=year'),
        200,
      ],
      [
        'analytics year, one project',
        await timed(text, manager, `/api/analytics/progress?period=year&projectId=${projects[3]?._id}`),
        200,
      ],
      ['project list, page of 20', await timed(text, manager, '/api/projects?page=2&pageSize=20'), 100],
      ['project list, status At Risk', await timed(text, manager, '/api/projects?status=at-risk'), undefined],
      ['dashboard (in every project)', await timed(text, manager, '/api/workspace/dashboard'), undefined],
    ];
    log('| call | p50 | p95 | target |');
    for (const [name, samples, target] of rows) {
      log(
        target
          ? percentileRow(name, samples, target)
          : `| ${name} | ${ms(pct(samples, 50))} | ${ms(pct(samples, 95))} | none |`,
      );
    }
    await client.close();
  },
  { exitAfter: true },
);
