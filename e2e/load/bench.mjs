#!/usr/bin/env node
// @ts-check
// Load benchmark (measures, asserts nothing): builds the platform, starts it on free ports with a throw-away
// database, signs up LOAD_CONTRIBUTORS contributors (200) and lets them all Speak, Listen, Write and list
// datasets through the gateway for LOAD_SECONDS (60), once with one instance of everything and once with two
// (GATEWAY_INSTANCES, TEXT_INSTANCES, SPEECH_INSTANCES; the second start reuses the first one's database, so
// the same people, still signed in, go on where they stopped). Prints per call the count, rate, p50/p95/p99
// and errors, the platform's processes' memory after warm-up and at their peak, whether every acknowledged
// write is in the database, and the load average, which says whether the machine was busy.
//
// The gateway's per-person write and upload limits (600 and 200 per 10 minutes) are raised for the run: a
// contributor here works without a pause, far faster than a person, and would otherwise spend most of the
// minute on 429s. Sign-up and sign-in limits stay as they are: each contributor comes from an address of its
// own (X-Forwarded-For, one trusted proxy hop), as people do.
//
// Signing 200 people up costs 400 password hashes (scrypt, 128 MB each, two at a time): a minute or more on
// two cores. LOAD_DATA_DIR keeps the database and the people (load-people.json) in a folder of one's choice,
// and a later run with the same LOAD_DATA_DIR signs nobody up: sign up once (LOAD_SECONDS=0), then measure.
//
//   npm run bench                       (every benchmark of the repository)
//   node e2e/load/bench.mjs             this one; LOAD_CONTRIBUTORS, LOAD_SECONDS, LOAD_THINK_MS (a pause
//                                       between a contributor's steps, 0), LOAD_INSTANCES=1 (only the
//                                       one-instance run), LOAD_DATA_DIR, BENCH_SKIP_BUILD=1
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildPlatform, startPlatform, freePorts, loadRemoteCatalog } from '../../tools/platform.mjs';
import { fileLog } from '../../tools/lib/log.mjs';
import { runLoad, signUpContributors } from './run-load.mjs';
import { formatLoadResult, formatCalls } from './report.mjs';

const CONTRIBUTORS = Number(process.env.LOAD_CONTRIBUTORS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 0);
const INSTANCES = (process.env.LOAD_INSTANCES ?? '1,2').split(',').map(Number);
const UNLIMITED = String(1_000_000_000);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** @param {number} port */
const portFree = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Free ports for the services, each followed by `instances - 1` more free ones (copies of a service listen
 * on consecutive ports).
 * @param {number} count
 * @param {number} instances
 */
async function freePortRuns(count, instances) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const ports = await freePorts(count);
    let ok = true;
    for (const port of ports)
      for (let k = 1; k < instances; k++)
        if (ports.includes(port + k) || !(await portFree(port + k))) ok = false;
    if (ok) return ports;
  }
  throw new Error(`no run of ${instances} free ports found`);
}

const keptDataDir = process.env.LOAD_DATA_DIR ? path.resolve(process.env.LOAD_DATA_DIR) : null;
if (keptDataDir) fs.mkdirSync(keptDataDir, { recursive: true });
const dataDir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'platform-load-'));
const peopleFile = path.join(dataDir, 'load-people.json');
const log = fileLog(path.join(dataDir, 'platform.log'));
console.log(`load run (log: ${path.join(dataDir, 'platform.log')})`);
if (process.env.BENCH_SKIP_BUILD !== '1') await buildPlatform({ log });
const catalog = loadRemoteCatalog();

/** @type {NodeJS.ProcessEnv} */
const baseEnv = {
  ...process.env,
  TRUST_PROXY: '1',
  WRITE_RATE_LIMIT_MAX: UNLIMITED,
  UPLOAD_RATE_LIMIT_MAX: UNLIMITED,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
delete baseEnv.MONGODB_URI;
for (const r of catalog) delete baseEnv[`REMOTE_${r.key.toUpperCase()}_URL`];

/** @type {Awaited<ReturnType<typeof signUpContributors>>['people'] | null} */
let people = fs.existsSync(peopleFile) ? JSON.parse(fs.readFileSync(peopleFile, 'utf8')) : null;
if (people && people.length < CONTRIBUTORS) {
  throw new Error(
    `${peopleFile} holds ${people.length} people, fewer than LOAD_CONTRIBUTORS=${CONTRIBUTORS}`,
  );
}
if (people) {
  people = people.slice(0, CONTRIBUTORS);
  console.log(`${CONTRIBUTORS} contributors signed up earlier (${peopleFile})`);
}
/** @type {string[]} */
const summaries = [];
try {
  for (const instances of INSTANCES) {
    const [gateway, text, speech, mongo, ...remotePorts] = await freePortRuns(4 + catalog.length, instances);
    const env = {
      ...baseEnv,
      GATEWAY_INSTANCES: String(instances),
      TEXT_INSTANCES: String(instances),
      SPEECH_INSTANCES: String(instances),
    };
    const platform = await startPlatform({
      env,
      dataDir,
      log,
      dieWithParentSignals: true,
      ports: {
        gateway,
        text,
        speech,
        mongo,
        remotes: Object.fromEntries(catalog.map((r, i) => [r.key, remotePorts[i]])),
      },
    });
    try {
      const gateways = platform.processes.filter((name) => name.startsWith('gateway'));
      if (gateways.length < instances) {
        const note = `${instances} instances: not run (startPlatform started ${gateways.length} gateway; it does not take GATEWAY_INSTANCES yet)`;
        console.log(`\n${note}`);
        summaries.push(note);
        continue;
      }
      const site = platform.urls.site;
      const url = new URL(site);
      const sites = gateways.map((_, k) => {
        const other = new URL(url);
        other.port = String(Number(url.port) + k);
        return other.origin;
      });
      if (!people) {
        const signUp = await signUpContributors({ site, dataDir: platform.dataDir, count: CONTRIBUTORS });
        people = signUp.people;
        console.log(
          `${CONTRIBUTORS} contributors signed up and in in ${(signUp.ms / 1000).toFixed(1)} s (two password hashes each); load average ${load()}`,
        );
        console.log(formatCalls(signUp.stats.summary(signUp.ms / 1000)));
        fs.writeFileSync(peopleFile, JSON.stringify(people));
      }
      if (SECONDS <= 0) continue;
      const result = await runLoad({
        people,
        sites,
        mongoUri: platform.urls.mongo,
        durationMs: SECONDS * 1000,
        thinkMs: THINK_MS,
        pids: () => Object.fromEntries(platform.processes.map((name) => [name, platform.pidOf(name)])),
      });
      const title = `${instances === 1 ? 'One instance' : `${instances} instances`} of everything`;
      console.log(formatLoadResult(result, title));
      summaries.push(
        `${title}: ${result.totals.perSecond.toFixed(0)} calls/s, ${result.totals.errors} errors, ${result.lostWrites.lost} lost writes, load ${result.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
      );
    } finally {
      await platform.stop();
    }
  }
  console.log(
    `\n${summaries.join('\n')}\nload average now (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`,
  );
} finally {
  await log.close();
  if (!keptDataDir && process.env.BENCH_KEEP_DATA !== '1')
    fs.rmSync(dataDir, { recursive: true, force: true });
}
