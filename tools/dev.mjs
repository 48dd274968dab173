#!/usr/bin/env node
// @ts-check
// `npm run dev`: the same topology as `npm start`, for the people working on it. The shell and each remote
// run their webpack dev server (`npm run serve`: rebuild and reload on change) on the usual ports; the
// services run from dist with `node --watch`, and tools/watch-build.mjs rebuilds a package's dist when its
// source changes. The shell's dev server owns http://localhost:3000 and forwards /remotes.json, /api,
// /auth and /audio to the gateway, which listens on DEV_GATEWAY_PORT (default 3100).
import path from 'node:path';
import { Supervisor } from './lib/supervisor.mjs';
import { consoleLog } from './lib/log.mjs';
import { waitForUrl } from './lib/readiness.mjs';
import {
  addBackend,
  backendEnv,
  defaultPorts,
  folderOf,
  loadRemoteCatalog,
  nxEnv,
  remoteEnvVar,
  repoRoot,
} from './platform.mjs';
import { spawnSync } from 'node:child_process';

const log = consoleLog();
/** @param {string} line */
const say = (line) => log('dev', line);
const env = process.env;
const gatewayPort = Number(env.DEV_GATEWAY_PORT ?? 3100);
const READY_MS = 180_000; // first webpack dev builds on two cores take a while

const backend = [
  'libs/contracts',
  'libs/service-kit',
  'libs/embedded-mongo',
  'services/text',
  'services/speech',
  'services/gateway',
];

say('building the backend packages once (nx, cached)');
const nx = path.join(repoRoot, 'node_modules', '.bin', 'nx');
const projects = [
  '@platform/contracts',
  '@platform/service-kit',
  '@platform/embedded-mongo',
  '@platform/text-service',
  '@platform/speech-service',
  '@platform/gateway',
];
const built = spawnSync(nx, ['run-many', '-t', 'build', '--parallel=2', '-p', ...projects], {
  cwd: repoRoot,
  env: nxEnv(env),
  stdio: 'inherit',
});
if (built.status !== 0) {
  say('✖ backend build failed');
  process.exit(1);
}

const DEFAULT_PORTS = defaultPorts();
const shellPort = Number(env.SHELL_DEV_PORT ?? DEFAULT_PORTS.gateway);
const catalog = loadRemoteCatalog();
const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? '.data');
const embeddedDb = !env.MONGODB_URI;
const common = backendEnv({
  env,
  dataDir,
  mongoUri: env.MONGODB_URI || `mongodb://127.0.0.1:${DEFAULT_PORTS.mongo}`,
  ports: DEFAULT_PORTS,
  remoteEntries: Object.fromEntries(catalog.map((r) => [r.key, env[remoteEnvVar(r.key)] || r.defaultEntry])),
});

let stopping = false;
// A process that dies is restarted with growing pauses (its log says why); only one that fails to become
// ready five times in a row stops the whole thing. (A service under `node --watch` that crashes is held by
// the watcher until its next rebuild, as node's watch mode does.)
const supervisor = new Supervisor({
  log,
  onGiveUp(name, error) {
    if (stopping) return;
    say(`✖ ${error.message}; stopping everything`);
    shutdown(1);
  },
});
/** @type {(url: string) => NonNullable<import('./lib/supervisor.mjs').ProcessSpec['ready']>} */
const serviceReady =
  (url) =>
  ({ aborted }) =>
    waitForUrl(url, { timeoutMs: READY_MS, aborted });

addBackend(supervisor, {
  common,
  ports: DEFAULT_PORTS,
  dataDir,
  embeddedDb,
  readyTimeoutMs: READY_MS,
  watch: true,
  gateway: {
    env: { NODE_ENV: 'development', PORT: String(gatewayPort) },
    readyUrl: `http://localhost:${gatewayPort}/healthz`,
  },
});
supervisor.add({
  name: 'rebuild',
  command: process.execPath,
  args: ['tools/watch-build.mjs', ...backend],
  cwd: repoRoot,
  env: common,
});
supervisor.add({
  name: 'shell',
  command: 'npm',
  args: ['run', 'serve'],
  cwd: path.join(repoRoot, 'shell'),
  env: { ...common, SHELL_DEV_PORT: String(shellPort), GATEWAY_URL: `http://localhost:${gatewayPort}` },
  ready: serviceReady(`http://localhost:${shellPort}/`),
});
for (const r of catalog.filter((remote) => !env[remoteEnvVar(remote.key)])) {
  supervisor.add({
    name: r.name,
    command: 'npm',
    args: ['run', 'serve'],
    cwd: path.join(repoRoot, folderOf(r)),
    env: common,
    ready: serviceReady(r.defaultEntry),
  });
}

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await supervisor.stopAll();
  process.exit(code);
}
process.on('SIGINT', () => {
  say('SIGINT: stopping every process');
  shutdown(0);
});
process.on('SIGTERM', () => shutdown(0));

try {
  const front = supervisor
    .names()
    .filter((n) => n === 'shell' || n.startsWith('mf_'))
    .map((n) => supervisor.start(n));
  // Awaited below; one given up on meanwhile must not count as an unhandled rejection first.
  for (const started of front) started.catch(() => {});
  if (embeddedDb) await supervisor.start('mongo');
  await supervisor.start('rebuild');
  await supervisor.start('text');
  await supervisor.start('speech');
  await supervisor.start('gateway');
  await Promise.all(front);
  if (!stopping) say(`Platform ready (dev): open http://localhost:${shellPort}`);
} catch (error) {
  say(`✖ ${/** @type {Error} */ (error).message}`);
  await shutdown(1);
}
