// Benchmark of the embedded MongoDB-compatible server (a measurement, not a test).
// Usage: npm run bench -w libs/embedded-mongo        (sizes 10,000 and 1,000,000)
//        BENCH_SIZES=10000 npm run bench -w libs/embedded-mongo   (quick run)
//        BENCH_WARMUP_SECONDS=1 sets the unmeasured warm-up before each timed phase (default 1).
//        BENCH_SECONDS=3 sets how long each timed phase runs (default 3).
// It starts the built CLI as a child process on a free port with a fresh data folder per size, so the
// resident memory it reads (/proc/<pid>/status VmRSS) is the server's alone.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BSON, MongoClient, ObjectId } from 'mongodb';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = (process.env.BENCH_SIZES ?? '10000,1000000')
  .split(',')
  .map((v) => Number(v.trim()))
  .filter((n) => n > 0);
const phaseMs = Number(process.env.BENCH_SECONDS ?? 3) * 1000;
const warmupMs = Number(process.env.BENCH_WARMUP_SECONDS ?? 1) * 1000;
const insertRepeats = Math.max(1, Number(process.env.BENCH_INSERT_REPEATS ?? 3));
// BENCH_ONLY=insert16 runs only the 16-client insert phase (the others are skipped), for repeated runs.
const only = process.env.BENCH_ONLY;
const wanted = (name) =>
  !only || only.split(',').some((w) => name.replace(/\W/g, '').toLowerCase().includes(w));
// The machine may be shared: print how busy it was, so the figures can be read in context.
const machineLoad = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuilt() {
  const dist = path.join(packageDir, 'dist');
  if (
    !existsSync(path.join(dist, 'index.js')) ||
    newestMtime(path.join(packageDir, 'src')) > newestMtime(dist)
  ) {
    console.log('building the package (dist is missing or older than src)...');
    execFileSync('npm', ['run', 'build'], { cwd: packageDir, stdio: 'inherit' });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dbPath) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(packageDir, 'bin', 'embedded-mongo.js'), '--port', String(port), '--dbpath', dbPath],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const uri = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /embedded-mongo listening on (mongodb:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, uri, exited };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const CITIES = ['lagos', 'nairobi', 'accra', 'kigali', 'dakar', 'abuja', 'kano', 'ibadan'];
const BIO =
  'A contributor who records and reviews sentences in several languages for the open speech corpus. ';
function makeDoc(i) {
  return {
    _id: new ObjectId(),
    email: `user${i}@example.org`,
    name: `User Number ${i}`,
    score: i,
    age: 18 + (i % 60),
    city: CITIES[i % CITIES.length],
    tags: ['speech', `lang${i % 40}`, i % 2 ? 'reviewer' : 'writer'],
    visits: 0,
    bio: BIO.slice(0, 110),
    createdAt: new Date(1_700_000_000_000 + i * 1000),
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `op` back to back on each of `concurrency` workers for phaseMs (after an unmeasured warm-up);
 * returns ops/s and latency percentiles. */
/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** The server's process id while a size runs, so each phase can report the CPU the server spent per op. */
let serverPid;

async function timed(concurrency, op) {
  const warmEnd = Date.now() + warmupMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let n = 0; Date.now() < warmEnd; n++) await op(worker, n);
    }),
  );
  const latencies = [];
  const end = Date.now() + phaseMs;
  const serverCpu0 = cpuSeconds(serverPid);
  const clientCpu0 = process.cpuUsage();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let n = 0; Date.now() < end; n++) {
        const t0 = process.hrtime.bigint();
        await op(worker, n);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const clientCpu = process.cpuUsage(clientCpu0);
  latencies.sort((a, b) => a - b);
  return {
    // CPU per operation: on a machine shared with other work the throughput says more about the others than
    // about this server; the CPU it spends per operation does not depend on them as much
    serverCpuMsPerOp: ((cpuSeconds(serverPid) - serverCpu0) * 1000) / latencies.length,
    clientCpuMsPerOp: (clientCpu.user + clientCpu.system) / 1000 / latencies.length,
    opsPerSec: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    ops: latencies.length,
  };
}

const rand = (n) => Math.floor(Math.random() * n);

async function benchSize(size) {
  const dbPath = await mkdtemp(path.join(tmpdir(), 'emb-mongo-bench-'));
  const server = await startServer(dbPath);
  serverPid = server.child.pid;
  const client = new MongoClient(server.uri, { maxPoolSize: 20 });
  const rows = {};
  try {
    await client.connect();
    const coll = client.db('bench').collection('people');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.createIndex({ score: 1 });

    // load with insertMany batches, a few in flight
    const sampleIds = [];
    const batch = 1000;
    const loadStart = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < size) {
          const from = next;
          next += batch;
          const docs = [];
          for (let i = from; i < Math.min(size, from + batch); i++) docs.push(makeDoc(i));
          for (let i = 0; i < docs.length; i += 97) sampleIds.push(docs[i]._id);
          await coll.insertMany(docs, { ordered: false });
        }
      }),
    );
    const loadSeconds = (Date.now() - loadStart) / 1000;
    const docBytes = BSON.calculateObjectSize(makeDoc(size - 1));
    const afterLoad = rssMb(server.child.pid);
    process.stdout.write(
      `  loaded ${size.toLocaleString('en')} docs of ~${docBytes} B in ${loadSeconds.toFixed(1)} s (${Math.round(size / loadSeconds)} docs/s)\n`,
    );

    let fresh = size;
    const phase = async (name, concurrency, op) => {
      if (wanted(name)) rows[name] = await timed(concurrency, op);
    };
    await phase('insertOne, 1 client', 1, () => coll.insertOne(makeDoc(fresh++)));
    if (wanted('insertOne, 16 clients')) {
      const clients = await Promise.all(
        Array.from({ length: 16 }, () => new MongoClient(server.uri, { maxPoolSize: 1 }).connect()),
      );
      try {
        const colls = clients.map((c) => c.db('bench').collection('people'));
        // repeated (BENCH_INSERT_REPEATS, default 3) and reported as the median: the machine may be shared
        const runs = [];
        for (let i = 0; i < insertRepeats; i++)
          runs.push(await timed(16, (w) => colls[w].insertOne(makeDoc(fresh++))));
        runs.sort((x, y) => x.opsPerSec - y.opsPerSec);
        rows['insertOne, 16 clients'] = {
          ...runs[Math.floor(runs.length / 2)],
          runs: runs.map((r) => Math.round(r.opsPerSec)),
        };
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    }
    await phase('findOne by _id', 1, () => coll.findOne({ _id: sampleIds[rand(sampleIds.length)] }));
    await phase('find by indexed field (email)', 1, () =>
      coll.find({ email: `user${rand(size)}@example.org` }).toArray(),
    );
    await phase('range + sort on index (score, 20 docs)', 1, () => {
      const from = rand(size - 20);
      return coll
        .find({ score: { $gte: from, $lt: from + 20 } })
        .sort({ score: 1 })
        .toArray();
    });
    await phase('updateOne $inc by _id', 1, () =>
      coll.updateOne({ _id: sampleIds[rand(sampleIds.length)] }, { $inc: { visits: 1 } }),
    );
    const end = rssMb(server.child.pid);
    return {
      size,
      docBytes,
      loadSeconds,
      rows,
      rssAfterLoadMb: afterLoad.rss,
      rssMb: end.rss,
      peakRssMb: Math.max(end.peak, afterLoad.peak),
    };
  } finally {
    await client.close();
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dbPath, { recursive: true, force: true });
  }
}

function printTable(result) {
  const fmt = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  console.log(
    `\n${result.size.toLocaleString('en')} documents (~${result.docBytes} B each, load ${fmt(result.loadSeconds, 1)} s)`,
  );
  console.log(
    `${'operation'.padEnd(42)}${'ops/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'server CPU ms/op'.padStart(18)}${'client CPU ms/op'.padStart(18)}`,
  );
  for (const [name, r] of Object.entries(result.rows)) {
    console.log(
      `${name.padEnd(42)}${fmt(r.opsPerSec, 0).padStart(10)}${fmt(r.p50, 3).padStart(10)}${fmt(r.p95, 3).padStart(10)}${fmt(r.serverCpuMsPerOp, 3).padStart(18)}${fmt(r.clientCpuMsPerOp, 3).padStart(18)}${r.runs ? `   (median of ${r.runs.join(', ')})` : ''}`,
    );
  }
  console.log(
    `${'server resident memory (VmRSS)'.padEnd(42)}${`${fmt(result.rssMb, 0)} MB`.padStart(10)}   (after load ${fmt(result.rssAfterLoadMb, 0)} MB, peak ${fmt(result.peakRssMb, 0)} MB)`,
  );
}

ensureBuilt();
console.log(
  `embedded-mongo benchmark: sizes ${sizes.join(', ')}, ${phaseMs / 1000} s per timed phase after ${warmupMs / 1000} s warm-up, node ${process.version}, load average ${machineLoad()}`,
);
const results = [];
for (const size of sizes) {
  console.log(`\nrunning ${size.toLocaleString('en')} documents...`);
  const result = await benchSize(size);
  results.push(result);
  printTable(result);
  console.log(`load average after this size: ${machineLoad()}`);
}

const small = results.find((r) => r.size === 10_000);
const large = results.find((r) => r.size === 1_000_000);
console.log('\ntargets');
const mark = (ok) =>
  ok === undefined ? 'n/a (needs the 10,000 and 1,000,000 runs)' : ok ? 'MET' : 'NOT MET';
for (const name of [
  'find by indexed field (email)',
  'range + sort on index (score, 20 docs)',
  'findOne by _id',
]) {
  if (!small?.rows[name] && !large?.rows[name]) continue;
  const ratio =
    small?.rows[name] && large?.rows[name] ? large.rows[name].p50 / small.rows[name].p50 : undefined;
  console.log(
    `  ${name}: p50 at 1M / p50 at 10k = ${ratio === undefined ? '-' : ratio.toFixed(2)} (target <= 2): ${mark(ratio === undefined ? undefined : ratio <= 2)}`,
  );
}
for (const r of results) {
  if (!r.rows['insertOne, 16 clients']) continue;
  const ops = r.rows['insertOne, 16 clients'].opsPerSec;
  console.log(
    `  insertOne, 16 clients at ${r.size.toLocaleString('en')}: ${ops.toFixed(0)} ops/s (target >= 5000): ${mark(ops >= 5000)}`,
  );
}
const insertRow = (r) => r?.rows['insertOne, 16 clients'];
if (insertRow(small) || insertRow(large))
  console.log(
    `  insertOne, 16 clients side by side: ${[small, large]
      .filter((r) => insertRow(r))
      .map(
        (r) =>
          `${r.size.toLocaleString('en')} docs ${insertRow(r).opsPerSec.toFixed(0)}/s (server ${r.rssMb.toFixed(0)} MB, peak ${r.peakRssMb.toFixed(0)} MB)`,
      )
      .join(' | ')}`,
  );
console.log(
  `  resident memory at 1,000,000: ${large ? `${large.rssMb.toFixed(0)} MB (peak ${large.peakRssMb.toFixed(0)} MB)` : '-'} (target < 1024 MB): ${mark(large ? large.peakRssMb < 1024 : undefined)}`,
);
console.log(
  `\njson ${JSON.stringify(results.map(({ size, docBytes, loadSeconds, rows, rssMb, peakRssMb }) => ({ size, docBytes, loadSeconds, rows, rssMb, peakRssMb })))}`,
);
