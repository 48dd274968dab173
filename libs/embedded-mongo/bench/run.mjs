// Benchmark of the embedded MongoDB-compatible server (a measurement, not a test).
// Usage: npm run bench -w libs/embedded-mongo        (sizes 10,000 and 1,000,000)
//        BENCH_DOCS=10000000 npm run bench -w libs/embedded-mongo  (10,000 and ten million)
//        BENCH_SIZES=10000 npm run bench -w libs/embedded-mongo   (exactly these sizes; a quick run)
//        BENCH_WARMUP_SECONDS=1 sets the unmeasured warm-up before each timed phase (default 1).
//        BENCH_SECONDS=3 sets how long each timed phase runs (default 3).
//        BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes Node options to the server only
//        (a profile of the server is written when the bench stops it after each size).
// It starts the built CLI as a child process on a free port with a fresh data folder per size, so the
// resident memory it reads (/proc/<pid>/status VmRSS) is the server's alone. Every figure is printed with the
// machine's one-minute load average (os.loadavg()[0]) when it was measured: the machine may be shared.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { open } from 'lmdb';
import { BSON, MongoClient, ObjectId } from 'mongodb';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = (process.env.BENCH_SIZES ?? `10000,${process.env.BENCH_DOCS ?? 1_000_000}`)
  .split(',')
  .map((v) => Number(v.trim()))
  .filter((n) => n > 0);
const phaseMs = Number(process.env.BENCH_SECONDS ?? 3) * 1000;
const warmupMs = Number(process.env.BENCH_WARMUP_SECONDS ?? 1) * 1000;
const insertRepeats = Math.max(1, Number(process.env.BENCH_INSERT_REPEATS ?? 3));
// BENCH_ONLY=insert16 runs only the 16-client insert phase (the others are skipped), for repeated runs.
const only = process.env.BENCH_ONLY;
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const wanted = (name) =>
  !only || only.split(',').some((w) => name.replace(/\W/g, '').toLowerCase().includes(w));
// The machine may be shared: print how busy it was, so the figures can be read in context.
const machineLoad = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const load1 = () => loadavg()[0];

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
    [
      ...serverNodeArgs,
      path.join(packageDir, 'bin', 'embedded-mongo.js'),
      '--port',
      String(port),
      '--dbpath',
      dbPath,
    ],
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

/**
 * The server's resident memory in MB: VmRSS, its peak, and its two parts. RssAnon is the process's own memory
 * (JavaScript heap, buffers, LMDB's write buffers); RssFile is pages of the mapped data file that the server
 * has read or written, which are the kernel's page cache: they stay counted while nothing else needs the
 * memory and are dropped (re-read from disk later) when something does.
 */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return {
    rss: kb('VmRSS') / 1024,
    peak: kb('VmHWM') / 1024,
    anon: kb('RssAnon') / 1024,
    file: kb('RssFile') / 1024,
  };
}

const CITIES = ['lagos', 'nairobi', 'accra', 'kigali', 'dakar', 'abuja', 'kano', 'ibadan'];
const STATUSES = ['pending', 'approved', 'rejected', 'flagged', 'archived'];
/** The queue's next item again once the companion index is there. */
const COMPANION_QUEUE = 'queue next item, same, companion index';
/** The writer whose own pending items fill the front of the review queue. */
const OWN_WRITER = 'writer-own';
const OWN_PENDING = 5000;
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
    status: STATUSES[i % STATUSES.length],
    author: `writer${i % 1000}`,
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
    load: load1(),
  };
}

const rand = (n) => Math.floor(Math.random() * n);

/** Bytes a folder's files take on disk (allocated blocks, as du counts them) and their apparent size. */
function folderBytes(dir) {
  let allocated = 0;
  let apparent = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = folderBytes(full);
      allocated += inner.allocated;
      apparent += inner.apparent;
    } else {
      const st = statSync(full);
      allocated += st.blocks * 512;
      apparent += st.size;
    }
  }
  return { allocated, apparent };
}

/**
 * The same 16-writer load straight on LMDB, in this process: each writer puts a document-sized value and
 * waits until the commit that holds it is synced (what every acknowledged insert of the server waits for),
 * with the server's LMDB settings. Its rate is what the disk and LMDB allow on this machine right now.
 */
async function bareLmdb(concurrency) {
  const dir = await mkdtemp(path.join(tmpdir(), 'emb-mongo-bare-'));
  const env = open({
    path: path.join(dir, 'data.mdb'),
    maxDbs: 2,
    encoding: 'binary',
    mapSize: 8 * 1024 ** 3,
    overlappingSync: true,
  });
  const db = env.openDB({ name: 'docs', encoding: 'binary', keyEncoding: 'binary' });
  const value = Buffer.from(BSON.serialize(makeDoc(0)));
  let seq = 0;
  try {
    const r = await timed(concurrency, async () => {
      const key = Buffer.allocUnsafe(8);
      key.writeBigUInt64BE(BigInt(seq++));
      await db.put(key, value);
      await env.flushed;
    });
    return { ...r, serverCpuMsPerOp: Number.NaN };
  } finally {
    await env.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every stage name in an explain document. */
function stagesOf(explain) {
  const out = [];
  const visit = (v) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'stage' && typeof x === 'string') out.push(x);
      else if (k !== 'command') visit(x);
    }
  };
  visit(explain);
  return [...new Set(out)];
}

async function benchSize(size) {
  const dbPath = await mkdtemp(path.join(tmpdir(), 'emb-mongo-bench-'));
  const server = await startServer(dbPath);
  serverPid = server.child.pid;
  // the anonymous part's peak (the kernel keeps only the whole VmRSS's), sampled every second
  let peakAnonMb = 0;
  const sampler = setInterval(() => {
    peakAnonMb = Math.max(peakAnonMb, rssMb(server.child.pid).anon);
  }, 1000);
  const client = new MongoClient(server.uri, { maxPoolSize: 20 });
  const rows = {};
  const plans = {};
  try {
    await client.connect();
    const db = client.db('bench');
    const coll = db.collection('people');
    // three indexes besides _id: a unique one, a numeric one, and the review queue's
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.createIndex({ score: 1 });
    await coll.createIndex({ status: 1, createdAt: 1, author: 1 });

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
    const loadLoad = load1();
    // one writer's own pending items, older than every other item: the front of the review queue
    const own = [];
    for (let i = 0; i < OWN_PENDING; i++)
      own.push({
        ...makeDoc(size + i),
        email: `own${i}@example.org`,
        status: 'pending',
        author: OWN_WRITER,
        createdAt: new Date(1_600_000_000_000 + i * 1000),
      });
    await coll.insertMany(own);
    const docBytes = BSON.calculateObjectSize(makeDoc(size - 1));
    const afterLoad = rssMb(server.child.pid);
    const disk = folderBytes(dbPath);
    const docsAfterLoad = size + OWN_PENDING;
    process.stdout.write(
      `  loaded ${size.toLocaleString('en')} docs of ~${docBytes} B in ${loadSeconds.toFixed(1)} s (${Math.round(size / loadSeconds)} docs/s, load ${loadLoad.toFixed(2)}), then ${OWN_PENDING} own pending items\n`,
    );

    let fresh = size + OWN_PENDING;
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
        // repeated (BENCH_INSERT_REPEATS, default 3) and reported as the median: the machine may be shared;
        // each server run follows a bare LMDB run with the same concurrency, so their ratio compares like
        // with like
        const runs = [];
        const bare = [];
        for (let i = 0; i < insertRepeats; i++) {
          bare.push(await bareLmdb(16));
          runs.push(await timed(16, (w) => colls[w].insertOne(makeDoc(fresh++))));
        }
        const median = (list) =>
          [...list].sort((x, y) => x.opsPerSec - y.opsPerSec)[Math.floor(list.length / 2)];
        rows['insertOne, 16 clients'] = { ...median(runs), runs: runs.map((r) => Math.round(r.opsPerSec)) };
        rows['bare synced LMDB put, 16 writers'] = {
          ...median(bare),
          runs: bare.map((r) => Math.round(r.opsPerSec)),
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

    // reads the index answers alone
    const countRange = () => {
      const from = rand(Math.max(1, size - 10_000));
      return { score: { $gte: from, $lt: from + 10_000 } };
    };
    const coveredRange = () => {
      const from = rand(size - 100);
      return { score: { $gte: from, $lt: from + 100 } };
    };
    const coveredProjection = { _id: 0, score: 1 };
    const queue = { status: 'pending', author: { $ne: OWN_WRITER } };
    await phase('count, indexed equality (a fifth of docs)', 1, () =>
      coll.countDocuments({ status: STATUSES[rand(STATUSES.length)] }),
    );
    await phase('count, indexed range (10,000 docs)', 1, () => coll.countDocuments(countRange()));
    await phase('distinct, five-value indexed field', 1, () => coll.distinct('status'));
    await phase('covered query (100 docs)', 1, () =>
      coll.find(coveredRange(), { projection: coveredProjection }).toArray(),
    );
    await phase('queue next item, 5,000 own at front', 1, () =>
      coll.find(queue).sort({ createdAt: 1 }).limit(1).toArray(),
    );
    const explained = async (name, explain) => {
      if (!wanted(name)) return;
      const e = await explain();
      plans[name] = {
        stages: stagesOf(e.queryPlanner?.winningPlan ?? e),
        docs: e.executionStats?.totalDocsExamined,
        keys: e.executionStats?.totalKeysExamined,
      };
    };
    const verbosity = 'executionStats';
    await explained('count, indexed equality (a fifth of docs)', () =>
      db.command({ explain: { count: 'people', query: { status: 'pending' } }, verbosity }),
    );
    await explained('count, indexed range (10,000 docs)', () =>
      db.command({ explain: { count: 'people', query: countRange() }, verbosity }),
    );
    await explained('distinct, five-value indexed field', () =>
      db.command({ explain: { distinct: 'people', key: 'status' }, verbosity }),
    );
    await explained('covered query (100 docs)', () =>
      coll.find(coveredRange(), { projection: coveredProjection }).explain(verbosity),
    );
    await explained('queue next item, 5,000 own at front', () =>
      coll.find(queue).sort({ createdAt: 1 }).limit(1).explain(verbosity),
    );
    // the queue's companion: the same documents with the author among the equalities, so the scan jumps over
    // the writer's run on two native counts; built here, after the timed writes, so they keep three indexes
    if (wanted(COMPANION_QUEUE)) {
      await coll.createIndex({ author: 1, status: 1, createdAt: 1 }, { name: 'author_queue' });
      await phase(COMPANION_QUEUE, 1, () => coll.find(queue).sort({ createdAt: 1 }).limit(1).toArray());
      await explained(COMPANION_QUEUE, () =>
        coll.find(queue).sort({ createdAt: 1 }).limit(1).explain(verbosity),
      );
      await coll.dropIndex('author_queue');
    }
    const end = rssMb(server.child.pid);
    const docsAtEnd = await coll.estimatedDocumentCount();
    const diskAtEnd = folderBytes(dbPath);
    return {
      size,
      docBytes,
      loadSeconds,
      loadLoad,
      rows,
      plans,
      rssAfterLoadMb: afterLoad.rss,
      rssMb: end.rss,
      peakRssMb: Math.max(end.peak, afterLoad.peak),
      memory: {
        afterLoad: { anon: afterLoad.anon, file: afterLoad.file },
        atEnd: { anon: end.anon, file: end.file },
        peakAnon: Math.max(peakAnonMb, afterLoad.anon, end.anon),
      },
      rssLoad: load1(),
      disk: { afterLoad: disk, docsAfterLoad, atEnd: diskAtEnd, docsAtEnd },
    };
  } finally {
    clearInterval(sampler);
    await client.close();
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dbPath, { recursive: true, force: true });
  }
}

const fmt = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');

function printTable(result) {
  console.log(
    `\n${result.size.toLocaleString('en')} documents (~${result.docBytes} B each, load ${fmt(result.loadSeconds, 1)} s at load average ${fmt(result.loadLoad)})`,
  );
  console.log(
    `${'operation'.padEnd(44)}${'ops/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'server CPU ms/op'.padStart(18)}${'client CPU ms/op'.padStart(18)}${'load avg'.padStart(10)}`,
  );
  for (const [name, r] of Object.entries(result.rows)) {
    console.log(
      `${name.padEnd(44)}${fmt(r.opsPerSec, 0).padStart(10)}${fmt(r.p50, 3).padStart(10)}${fmt(r.p95, 3).padStart(10)}${fmt(r.serverCpuMsPerOp, 3).padStart(18)}${fmt(r.clientCpuMsPerOp, 3).padStart(18)}${fmt(r.load).padStart(10)}${r.runs ? `   (median of ${r.runs.join(', ')})` : ''}`,
    );
  }
  const insert = result.rows['insertOne, 16 clients'];
  const bare = result.rows['bare synced LMDB put, 16 writers'];
  if (insert && bare)
    console.log(
      `${'insertOne 16 clients / bare LMDB 16 writers'.padEnd(44)}${fmt(insert.opsPerSec / bare.opsPerSec).padStart(10)}   (load average ${fmt(insert.load)} / ${fmt(bare.load)})`,
    );
  console.log(
    `${'server resident memory (VmRSS)'.padEnd(44)}${`${fmt(result.rssMb, 0)} MB`.padStart(10)}   (after load ${fmt(result.rssAfterLoadMb, 0)} MB, peak ${fmt(result.peakRssMb, 0)} MB; load average ${fmt(result.rssLoad)})`,
  );
  const mem = result.memory;
  console.log(
    `${"  of which the server's own (RssAnon)".padEnd(44)}${`${fmt(mem.atEnd.anon, 0)} MB`.padStart(10)}   (after load ${fmt(mem.afterLoad.anon, 0)} MB, peak ${fmt(mem.peakAnon, 0)} MB sampled each second)`,
  );
  console.log(
    `${'  of which data file pages (RssFile)'.padEnd(44)}${`${fmt(mem.atEnd.file, 0)} MB`.padStart(10)}   (after load ${fmt(mem.afterLoad.file, 0)} MB; the kernel's page cache of the mapped data file, reclaimable)`,
  );
  const { afterLoad, docsAfterLoad, atEnd, docsAtEnd } = result.disk;
  console.log(
    `${'data folder per document'.padEnd(44)}${`${fmt(afterLoad.allocated / docsAfterLoad, 0)} B`.padStart(10)}   (${fmt(afterLoad.allocated / 1024 ** 2, 0)} MB on disk for ${docsAfterLoad.toLocaleString('en')} docs after loading; ${fmt(atEnd.allocated / docsAtEnd, 0)} B each for ${docsAtEnd.toLocaleString('en')} at the end; load average ${fmt(result.rssLoad)})`,
  );
  for (const [name, p] of Object.entries(result.plans))
    console.log(
      `  plan of ${name}: ${p.stages.join(' > ')}, ${p.keys} keys and ${p.docs} documents examined`,
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
const largest = results.reduce((a, b) => (b.size > (a?.size ?? 0) ? b : a), undefined);
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
    `  insertOne, 16 clients at ${r.size.toLocaleString('en')}: ${ops.toFixed(0)} ops/s (target >= 5000): ${mark(ops >= 5000)}, load average ${fmt(r.rows['insertOne, 16 clients'].load)}`,
  );
  const bare = r.rows['bare synced LMDB put, 16 writers'];
  if (bare)
    console.log(
      `  insertOne, 16 clients / bare synced LMDB, 16 writers at ${r.size.toLocaleString('en')}: ${(ops / bare.opsPerSec).toFixed(2)} (target >= 0.5): ${mark(ops / bare.opsPerSec >= 0.5)}`,
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
// the index-read targets are set for ten million documents; shown for the largest size measured
if (largest) {
  const at = `at ${largest.size.toLocaleString('en')}`;
  for (const [name, limit] of [
    ['count, indexed equality (a fifth of docs)', 20],
    ['count, indexed range (10,000 docs)', 20],
    ['distinct, five-value indexed field', 20],
    ['covered query (100 docs)', 5],
    ['queue next item, 5,000 own at front', 20],
    [COMPANION_QUEUE, 20],
  ]) {
    const r = largest.rows[name];
    if (!r) continue;
    console.log(
      `  ${name} ${at}: p95 ${fmt(r.p95, 3)} ms (target < ${limit} ms at 10,000,000): ${r.p95 < limit ? 'MET' : 'NOT MET'} at this size, load average ${fmt(r.load)}`,
    );
  }
}
console.log(
  `\njson ${JSON.stringify(results.map(({ size, docBytes, loadSeconds, rows, plans, rssMb, peakRssMb, memory, disk }) => ({ size, docBytes, loadSeconds, rows, plans, rssMb, peakRssMb, memory, disk })))}`,
);
