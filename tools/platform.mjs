// The platform's single-machine topology as one function: the embedded MongoDB-compatible server (unless
// MONGODB_URI points elsewhere), the text and speech services, the gateway, and each remote served from its
// build by its own static server process, as separately deployed remotes would be. `npm start` and the
// end-to-end tests both start it through here, so they exercise the same thing.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Supervisor } from './lib/supervisor.mjs';
import { consoleLog } from './lib/log.mjs';
import { waitForPort, waitForUrl, portInUse } from './lib/readiness.mjs';
import { remoteEnvVar, servingPlan } from './lib/serving.mjs';

export { remoteEnvVar };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repoRoot, 'package.json'));

/**
 * The single-machine ports, written once in libs/contracts (read from its built CommonJS, so plain Node can
 * read it: call this after the build).
 */
export function defaultPorts() {
  return require('@platform/contracts').DEFAULT_PORTS;
}
const READY_TIMEOUT_MS = 60_000;

/** Nx settings that keep it offline and in the foreground (DESIGN §7). */
export const nxEnv = (env = process.env) => ({
  ...env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
});

/**
 * Builds every project whose build is missing or stale; Nx's cache makes an unchanged tree a no-op.
 * With a log sink the output goes there (and the last lines are in the error on failure).
 */
export function buildPlatform({ env = process.env, log, parallel = 2 } = {}) {
  const nx = path.join(repoRoot, 'node_modules', '.bin', 'nx');
  const args = ['run-many', '-t', 'build', `--parallel=${parallel}`];
  return new Promise((resolve, reject) => {
    const child = spawn(nx, args, {
      cwd: repoRoot,
      env: nxEnv(env),
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const tail = [];
    if (log) {
      const onData = (chunk) => {
        for (const line of chunk.toString('utf8').split(/\r?\n/)) {
          if (!line) continue;
          log('build', line);
          tail.push(line);
          if (tail.length > 40) tail.shift();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    }
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (nx exited ${code})\n${tail.join('\n')}`)),
    );
  });
}

/** The remote catalogue from libs/contracts (its built CommonJS, so plain Node can read it). */
export function loadRemoteCatalog() {
  return require('@platform/contracts').remoteCatalog;
}

/** Ports nobody listens on right now, for running a second copy of the topology beside the first. */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/**
 * The environment every backend process gets: where the data, the database, the services and the remotes
 * are. PORT and HOST are dropped: only the gateway listens on them, and its caller sets them.
 */
export function backendEnv({ env, dataDir, mongoUri, ports, remoteEntries }) {
  const common = {
    ...env,
    DATA_DIR: dataDir,
    MONGODB_URI: mongoUri,
    TEXT_URL: `http://127.0.0.1:${ports.text}`,
    SPEECH_URL: `http://127.0.0.1:${ports.speech}`,
    ...(ports.gateway ? { GATEWAY_URL: `http://127.0.0.1:${ports.gateway}` } : {}),
    TEXT_PORT: String(ports.text),
    SPEECH_PORT: String(ports.speech),
    ...Object.fromEntries(Object.entries(remoteEntries).map(([key, url]) => [remoteEnvVar(key), url])),
  };
  delete common.PORT;
  delete common.HOST;
  return common;
}

/**
 * Adds the backend to a supervisor: the embedded MongoDB-compatible server (when `embeddedDb`), then the
 * text and speech services and the gateway, each run from its dist. `watch` restarts a service when its
 * dist changes (`npm run dev`); `gateway` gives the gateway's own variables and readiness URL.
 */
export function addBackend(
  supervisor,
  { common, ports, dataDir, embeddedDb, readyTimeoutMs, watch = false, gateway },
) {
  const node = process.execPath;
  const ready =
    (url) =>
    ({ aborted }) =>
      waitForUrl(url, { timeoutMs: readyTimeoutMs, aborted });
  const main = watch ? ['--watch', 'dist/main.js'] : ['dist/main.js'];
  if (embeddedDb) {
    supervisor.add({
      name: 'mongo',
      tier: 'data',
      command: node,
      args: [
        path.join(repoRoot, 'libs/embedded-mongo/bin/embedded-mongo.js'),
        '--port',
        String(ports.mongo),
        '--dbpath',
        path.join(dataDir, 'mongo'),
      ],
      cwd: repoRoot,
      env: common,
      ready: ({ aborted }) => waitForPort('127.0.0.1', ports.mongo, { timeoutMs: readyTimeoutMs, aborted }),
    });
  }
  for (const name of ['text', 'speech']) {
    supervisor.add({
      name,
      command: node,
      args: main,
      cwd: path.join(repoRoot, 'services', name),
      env: common,
      ready: ready(`http://127.0.0.1:${ports[name]}/readyz`),
    });
  }
  supervisor.add({
    name: 'gateway',
    command: node,
    args: main,
    cwd: path.join(repoRoot, 'services/gateway'),
    env: { ...common, SHELL_DIST: path.join(repoRoot, 'shell/dist'), ...gateway.env },
    ready: ready(gateway.readyUrl),
  });
}

/**
 * Starts the topology and resolves once every process answers its readiness probe.
 *
 * @param {object} [options]
 * @param {NodeJS.ProcessEnv} [options.env] base environment (MONGODB_URI, REMOTE_<KEY>_URL, IDENTITY_SECRET ... are honoured)
 * @param {{ gateway?: number, text?: number, speech?: number, mongo?: number, remotes?: Record<string, number> }} [options.ports]
 * @param {string} [options.dataDir] data folder (default env DATA_DIR, else .data at the repository root)
 * @param {(name: string, line: string) => void} [options.log] where the children's log lines go
 * @param {(failure: { name: string, code: number | null, signal: string | null, reason: string }) => void} [options.onFailure]
 *   called after everything was stopped because a process that died could not be brought back (it failed to
 *   become ready five times in a row); a process that dies is otherwise restarted with growing pauses
 * @param {boolean} [options.dieWithParentSignals] when this process gets SIGTERM/SIGINT/SIGHUP and does not
 *   handle it itself (a test runner), kill every child first
 */
export async function startPlatform({
  env = process.env,
  ports = {},
  dataDir,
  log = consoleLog(),
  onFailure,
  dieWithParentSignals = false,
} = {}) {
  const catalog = loadRemoteCatalog();
  const p = { ...defaultPorts(), ...ports };
  const remotePorts = Object.fromEntries(
    catalog.map((r) => [r.key, ports.remotes?.[r.key] ?? r.defaultPort]),
  );
  const data = path.resolve(repoRoot, dataDir ?? env.DATA_DIR ?? '.data');
  fs.mkdirSync(data, { recursive: true });

  const embeddedDb = !env.MONGODB_URI;
  const mongoUri = env.MONGODB_URI || `mongodb://127.0.0.1:${p.mongo}`;
  const textUrl = `http://127.0.0.1:${p.text}`;
  const speechUrl = `http://127.0.0.1:${p.speech}`;
  // PUBLIC_URL (or not) decides the remotes' URLs and which interfaces the servers listen on.
  const plan = servingPlan({ env, catalog, gatewayPort: p.gateway, remotePorts });
  const siteUrl = plan.siteUrl;
  const localUrl = `http://localhost:${p.gateway}`;
  // A remote whose URL the operator already set lives elsewhere (a CDN, a colleague's machine): not served here.
  const localRemotes = catalog.filter((r) => plan.localRemotes.includes(r.key));
  const remoteEntries = plan.remoteEntries;

  const missing = [
    ['shell/dist', 'index.html'],
    ['services/text/dist', 'main.js'],
    ['services/speech/dist', 'main.js'],
    ['services/gateway/dist', 'main.js'],
    ...localRemotes.map((r) => [`${folderOf(r)}/dist`, 'mf-manifest.json']),
    ...(embeddedDb ? [['libs/embedded-mongo/dist', 'index.js']] : []),
  ].filter(([dir, file]) => !fs.existsSync(path.join(repoRoot, dir, file)));
  if (missing.length) {
    throw new Error(`not built: ${missing.map(([d, f]) => `${d}/${f}`).join(', ')} (run: npm run build)`);
  }

  const wanted = [
    ...(embeddedDb ? [['embedded MongoDB', p.mongo]] : []),
    ['text service', p.text],
    ['speech service', p.speech],
    ['gateway', p.gateway],
    ...localRemotes.map((r) => [r.name, remotePorts[r.key]]),
  ];
  const taken = [];
  for (const [what, port] of wanted) if (await portInUse('127.0.0.1', port)) taken.push(`${port} (${what})`);
  if (taken.length) {
    throw new Error(
      `port already in use: ${taken.join(', ')}. Another copy of the platform may be running; stop it or choose other ports.`,
    );
  }

  const common = backendEnv({ env, dataDir: data, mongoUri, ports: p, remoteEntries });

  let failure = null;
  let stopping = null;
  let started = false;
  const supervisor = new Supervisor({
    log,
    dieWithParentSignals,
    // A process that died is restarted by the supervisor (its log says why and when); only one that cannot
    // become ready again stops the platform. While starting, the error reaches the caller instead.
    onGiveUp(name, error) {
      if (!started || failure || stopping) return;
      const last = supervisor.lastExit(name);
      failure = { name, code: last?.code ?? null, signal: last?.signal ?? null, reason: error.message };
      log('platform', `✖ ${error.message}; stopping everything`);
      stop().then(() => onFailure?.(failure));
    },
  });
  addBackend(supervisor, {
    common,
    ports: p,
    dataDir: data,
    embeddedDb,
    readyTimeoutMs: READY_TIMEOUT_MS,
    gateway: {
      env: { PORT: String(p.gateway), ...(plan.gatewayHost ? { HOST: plan.gatewayHost } : {}) },
      readyUrl: `${localUrl}/readyz`,
    },
  });
  for (const r of localRemotes) {
    supervisor.add({
      name: r.name,
      command: process.execPath,
      args: [
        path.join(repoRoot, 'tools/static-server.mjs'),
        '--dir',
        path.join(repoRoot, folderOf(r), 'dist'),
        '--port',
        String(remotePorts[r.key]),
        '--host',
        plan.remoteHost,
      ],
      cwd: repoRoot,
      env: common,
      ready: ({ aborted }) =>
        waitForUrl(`http://localhost:${remotePorts[r.key]}/mf-manifest.json`, {
          timeoutMs: READY_TIMEOUT_MS,
          aborted,
        }),
    });
  }

  async function stop() {
    stopping ??= supervisor.stopAll();
    return stopping;
  }

  try {
    // Static remotes need nothing; services need the database; the gateway wants both services. Services
    // start one after the other so only one of them creates the shared identity secret file.
    const remotesUp = Promise.all(localRemotes.map((r) => supervisor.start(r.name)));
    // Awaited below; a remote given up on meanwhile must not count as an unhandled rejection first.
    remotesUp.catch(() => {});
    if (embeddedDb) await supervisor.start('mongo');
    await supervisor.start('text');
    await supervisor.start('speech');
    await supervisor.start('gateway');
    await remotesUp;
    started = true;
  } catch (error) {
    await stop();
    throw new Error(`platform did not start: ${error.message}`);
  }

  return {
    urls: {
      site: siteUrl,
      text: textUrl,
      speech: speechUrl,
      mongo: mongoUri,
      remotes: Object.fromEntries(catalog.map((r) => [r.name, remoteEntries[r.key]])),
    },
    dataDir: data,
    /** Process names: mongo (when embedded), text, speech, gateway and each local remote's name (mf_auth ...). */
    processes: supervisor.names(),
    /** Stops one process on purpose (not a failure), e.g. to see how the rest copes. */
    stopProcess: (name) => supervisor.stop(name),
    /** Starts a stopped process again and waits until it is ready. */
    startProcess: (name) => supervisor.start(name),
    isRunning: (name) => supervisor.isRunning(name),
    /** Kills a process outright (SIGKILL), as a crash would; the supervisor brings it back. */
    killProcess: (name) => {
      const pid = supervisor.pidOf(name);
      if (pid === undefined) throw new Error(`${name} is not running`);
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    pidOf: (name) => supervisor.pidOf(name),
    stop,
  };
}

/** mf_datasets lives in mf-datasets/. */
export const folderOf = (remote) => remote.name.replace(/_/g, '-');
