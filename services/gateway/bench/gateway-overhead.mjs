// Gateway overhead on loopback: requests per second for a trivial route answered by a service directly vs
// the same kind of route answered by the gateway, and for one route proxied through the gateway vs direct.
// Target: through the gateway >= 60% of direct. Usage: npm run bench (from services/gateway).
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const gatewayDir = resolve(here, '..');
const repoRoot = resolve(gatewayDir, '..', '..');
const DURATION = Number(process.env.BENCH_DURATION_S || 5);
// Direct and gateway runs alternate, and the median of the rounds is reported, so that load from other
// processes on the machine falls on both sides rather than skewing one.
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const TARGET = 0.6;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function build(dir) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: join(repoRoot, dir), stdio: 'inherit' });
}

function freePort() {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function firstLine(child) {
  return new Promise((resolveLine, reject) => {
    let buffered = '';
    child.stdout.on('data', (d) => {
      buffered += d;
      const nl = buffered.indexOf('\n');
      if (nl >= 0) resolveLine(buffered.slice(0, nl).trim());
    });
    child.once('exit', (code) => reject(new Error(`process exited early with ${code}`)));
  });
}

async function waitFor(url, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function run(url) {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (err, result) => {
      if (err) reject(err);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolveRun(result.requests.average);
    });
  });
}

async function main() {
  for (const dir of ['libs/contracts', 'libs/service-kit', 'services/gateway']) build(dir);
  const children = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  // Gateway first, and only then the service, so the gateway is never left proxying to a service that is gone.
  const stopAll = async () => {
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    void stopAll().then(() => process.exit(130));
  });
  try {
    const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' };
    const upstream = spawn(process.execPath, [join(here, 'bench-upstream.cjs')], {
      cwd: gatewayDir,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(upstream);
    const upstreamUrl = `http://127.0.0.1:${await firstLine(upstream)}`;

    const gatewayPort = await freePort();
    const gateway = spawn(process.execPath, [join(gatewayDir, 'dist', 'main.js')], {
      cwd: gatewayDir,
      env: {
        ...env,
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        TEXT_URL: upstreamUrl,
        SPEECH_URL: upstreamUrl,
        DATA_DIR: dataDir,
        IDENTITY_SECRET: 'bench-only-secret',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(gateway);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitFor(`${gatewayUrl}/healthz`);
    await waitFor(`${upstreamUrl}/healthz`);

    const cases = [
      ['trivial route (/healthz)', `${upstreamUrl}/healthz`, `${gatewayUrl}/healthz`],
      ['proxied route (/api/text/bench)', `${upstreamUrl}/api/text/bench`, `${gatewayUrl}/api/text/bench`],
    ];
    const rows = [];
    for (const [label, direct, viaGateway] of cases) {
      await run(direct); // warm-up passes, discarded
      await run(viaGateway);
      const directRuns = [];
      const gatewayRuns = [];
      for (let round = 0; round < ROUNDS; round++) {
        directRuns.push(await run(direct));
        gatewayRuns.push(await run(viaGateway));
      }
      const directRps = median(directRuns);
      const gatewayRps = median(gatewayRuns);
      rows.push({ label, directRps, gatewayRps, ratio: gatewayRps / directRps });
    }

    console.log(
      `\nGateway overhead (${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION}s runs, loopback, LOG_LEVEL=${env.LOG_LEVEL})`,
    );
    console.log('route                             direct req/s   gateway req/s   ratio   target');
    for (const r of rows) {
      console.log(
        `${r.label.padEnd(34)}${r.directRps.toFixed(0).padStart(12)}${r.gatewayRps.toFixed(0).padStart(16)}` +
          `${(r.ratio * 100).toFixed(1).padStart(7)}%   ${r.ratio >= TARGET ? 'met' : 'MISSED'} (>= ${TARGET * 100}%)`,
      );
    }
  } finally {
    await stopAll();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
