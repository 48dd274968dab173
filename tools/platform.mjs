// @ts-check
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
import { copyEnv, copyPlan, instanceCounts } from './lib/instances.mjs';

export { remoteEnvVar };

/**
 * The contracts library as plain Node reads it: its built CommonJS, compiled from the sources that type it.
 * @typedef {typeof import('@platform/contracts')} Contracts
 */
/** @typedef {import('@platform/contracts').RemoteDescriptor} RemoteDescriptor */
/** @typedef {import('./lib/log.mjs').LineLog} LineLog */
/** @typedef {import('./lib/supervisor.mjs').ProcessSpec} ProcessSpec */
/** @typedef {import('./lib/instances.mjs').InstanceCounts} InstanceCounts */
/** @typedef {import('./lib/instances.mjs').Copy} Copy */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repoRoot, 'package.json'));

/**
 * The single-machine ports, written once in libs/contracts (read from its built CommonJS, so plain Node can
 * read it: call this after the build).
 */
export function defaultPorts() {
  return /** @type {Contracts} */ (require('@platform/contracts')).DEFAULT_PORTS;
}
const READY_TIMEOUT_MS = 60_000;

/**
 * Nx settings that keep it offline and in the foreground (DESIGN §7).
 * @returns {NodeJS.ProcessEnv}
 */
export const nxEnv = (env = process.env) => ({
  ...env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
});

/**
 * Builds every project whose build is missing or stale; Nx's cache makes an unchanged tree a no-op.
 * With a log sink the output goes there (and the last lines are in the error on failure).
 * @param {{ env?: NodeJS.ProcessEnv, log?: LineLog, parallel?: number }} [options]
 * @returns {Promise<void>}
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
    /** @type {string[]} */
    const tail = [];
    if (log) {
      /** @param {Buffer} chunk */
      const onData = (chunk) => {
        for (const line of chunk.toString('utf8').split(/\r?\n/)) {
          if (!line) continue;
          log('build', line);
          tail.push(line);
          if (tail.length > 40) tail.shift();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
    }
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (nx exited ${code})\n${tail.join('\n')}`)),
    );
  });
}

/** The remote catalogue from libs/contracts (its built CommonJS, so plain Node can read it). */
export function loadRemoteCatalog() {
  return /** @type {Contracts} */ (require('@platform/contracts')).remoteCatalog;
}

/**
 * Ports nobody listens on right now, for running a second copy of the topology beside the first.
 * @param {number} count
 */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        /** @type {Promise<net.Server>} */ (
          new Promise((resolve, reject) => {
            const server = net.createServer();
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => resolve(server));
          })
        ),
    ),
  );
  // A TCP server's address is an AddressInfo (a string only for a pipe or socket file).
  const ports = servers.map((s) => /** @type {net.AddressInfo} */ (s.address()).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/**
 * The environment every backend process gets: where the data, the database, the services and the remotes
 * are. PORT and HOST are dropped: only the gateway listens on them, and its caller sets them.
 * @param {object} options
 * @param {NodeJS.ProcessEnv} options.env
 * @param {string} options.dataDir
 * @param {string} options.mongoUri
 * @param {{ text: number, speech: number, gateway?: number }} options.ports
 * @param {Record<string, string>} options.remoteEntries each remote's manifest URL, by catalogue key
 */
export function backendEnv({ env, dataDir, mongoUri, ports, remoteEntries }) {
  /** @type {NodeJS.ProcessEnv} */
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
 * @param {Supervisor} supervisor
 * @param {object} options
 * @param {NodeJS.ProcessEnv} options.common
 * @param {{ text: number, speech: number, mongo: number }} options.ports
 * @param {string} options.dataDir
 * @param {boolean} options.embeddedDb
 * @param {number} options.readyTimeoutMs
 * @param {boolean} [options.watch]
 * @param {{ env: NodeJS.ProcessEnv, readyUrl: string }} options.gateway
 * @param {Record<'gateway' | 'text' | 'speech', Copy[]>} [options.copies] several copies of a service (see
 *   lib/instances.mjs), each with its own port and the others' URLs; unset, one of each on `ports`
 */
export function addBackend(
  supervisor,
  { common, ports, dataDir, embeddedDb, readyTimeoutMs, watch = false, gateway, copies },
) {
  const node = process.execPath;
  /** @type {(url: string) => NonNullable<ProcessSpec['ready']>} */
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
  for (const service of /** @type {const} */ (['text', 'speech'])) {
    const list = copies?.[service] ?? [{ name: service, port: ports[service] }];
    list.forEach((copy, i) =>
      supervisor.add({
        name: copy.name,
        command: node,
        args: main,
        cwd: path.join(repoRoot, 'services', service),
        env: copies ? { ...common, ...copyEnv(copies, service, i) } : common,
        ready: ready(`http://127.0.0.1:${copy.port}/readyz`),
      }),
    );
  }
  const gateways = copies?.gateway ?? [{ name: 'gateway', port: 0 }];
  gateways.forEach((copy, i) =>
    supervisor.add({
      name: copy.name,
      command: node,
      args: main,
      cwd: path.join(repoRoot, 'services/gateway'),
      env: {
        ...common,
        SHELL_DIST: path.join(repoRoot, 'shell/dist'),
        ...gateway.env,
        ...(copies ? copyEnv(copies, 'gateway', i) : {}),
      },
      // Further gateways answer on their own ports, at the same path as the first.
      ready: ready(i === 0 ? gateway.readyUrl : `http://localhost:${copy.port}/readyz`),
    }),
  );
}

/**
 * Starts the topology and resolves once every process answers its readiness probe.
 *
 * @param {object} [options]
 * @param {NodeJS.ProcessEnv} [options.env] base environment (MONGODB_URI, REMOTE_<KEY>_URL, IDENTITY_SECRET ... are honoured)
 * @param {{ gateway?: number, text?: number, speech?: number, mongo?: number, remotes?: Record<string, number | undefined> }} [options.ports]
 * @param {string} [options.dataDir] data folder (default env DATA_DIR, else .data at the repository root)
 * @param {LineLog} [options.log] where the children's log lines go
 * @param {(failure: { name: string, code: number | null, signal: string | null, reason: string }) => void} [options.onFailure]
 *   called after everything was stopped because a process that died could not be brought back (it failed to
 *   become ready five times in a row); a process that dies is otherwise restarted with growing pauses
 * @param {boolean} [options.dieWithParentSignals] when this process gets SIGTERM/SIGINT/SIGHUP and does not
 *   handle it itself (a test runner), kill every child first
 * @param {Partial<InstanceCounts>} [options.instances] how many copies of the gateway, text and speech
 *   services to run on the one database (default: GATEWAY_INSTANCES, TEXT_INSTANCES, SPEECH_INSTANCES from
 *   `env`, else 1); gateways take consecutive ports from the gateway's, further service copies free ports
 */
export async function startPlatform({
  env = process.env,
  ports = {},
  dataDir,
  log = consoleLog(),
  onFailure,
  dieWithParentSignals = false,
  instances = {},
} = {}) {
  const catalog = loadRemoteCatalog();
  const p = { ...defaultPorts(), ...ports };
  const counts = { ...instanceCounts(env), ...instances };
  const spare = await freePorts(counts.text - 1 + (counts.speech - 1));
  const copies = copyPlan({ counts, ports: p, spare });
  /** @param {RemoteDescriptor} r */
  const remotePortOf = (r) => ports.remotes?.[r.key] ?? r.defaultPort;
  const remotePorts = Object.fromEntries(catalog.map((r) => [r.key, remotePortOf(r)]));
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

  /** @type {[string, string][]} */
  const builds = [
    ['shell/dist', 'index.html'],
    ['services/text/dist', 'main.js'],
    ['services/speech/dist', 'main.js'],
    ['services/gateway/dist', 'main.js'],
    ...localRemotes.map(
      (r) => /** @satisfies {[string, string]} */ ([`${folderOf(r)}/dist`, 'mf-manifest.json']),
    ),
    ...(embeddedDb ? [/** @satisfies {[string, string]} */ (['libs/embedded-mongo/dist', 'index.js'])] : []),
  ];
  const missing = builds.filter(([dir, file]) => !fs.existsSync(path.join(repoRoot, dir, file)));
  if (missing.length) {
    throw new Error(`not built: ${missing.map(([d, f]) => `${d}/${f}`).join(', ')} (run: npm run build)`);
  }

  /** @type {[string, number][]} */
  const wanted = [
    ...(embeddedDb ? [/** @satisfies {[string, number]} */ (['embedded MongoDB', p.mongo])] : []),
    ...copies.text.map((c) => /** @satisfies {[string, number]} */ ([`${c.name} service`, c.port])),
    ...copies.speech.map((c) => /** @satisfies {[string, number]} */ ([`${c.name} service`, c.port])),
    ...copies.gateway.map((c) => /** @satisfies {[string, number]} */ ([c.name, c.port])),
    ...localRemotes.map((r) => /** @satisfies {[string, number]} */ ([r.name, remotePortOf(r)])),
  ];
  /** @type {string[]} */
  const taken = [];
  for (const [what, port] of wanted) if (await portInUse('127.0.0.1', port)) taken.push(`${port} (${what})`);
  if (taken.length) {
    throw new Error(
      `port already in use: ${taken.join(', ')}. Another copy of the platform may be running; stop it or choose other ports.`,
    );
  }

  const common = backendEnv({ env, dataDir: data, mongoUri, ports: p, remoteEntries });

  /** @type {{ name: string, code: number | null, signal: string | null, reason: string } | null} */
  let failure = null;
  /** @type {Promise<void> | null} */
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
      const failed = { name, code: last?.code ?? null, signal: last?.signal ?? null, reason: error.message };
      failure = failed;
      log('platform', `✖ ${error.message}; stopping everything`);
      stop().then(() => onFailure?.(failed));
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
    copies,
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
        String(remotePortOf(r)),
        '--host',
        plan.remoteHost,
      ],
      cwd: repoRoot,
      env: common,
      ready: ({ aborted }) =>
        waitForUrl(`http://localhost:${remotePortOf(r)}/mf-manifest.json`, {
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
    for (const copy of [...copies.text, ...copies.speech, ...copies.gateway])
      await supervisor.start(copy.name);
    await remotesUp;
    started = true;
  } catch (error) {
    await stop();
    throw new Error(`platform did not start: ${/** @type {Error} */ (error).message}`, { cause: error });
  }

  return {
    urls: {
      site: siteUrl,
      text: textUrl,
      speech: speechUrl,
      mongo: mongoUri,
      remotes: Object.fromEntries(catalog.map((r) => [r.name, remoteEntries[r.key]])),
      /** Every copy's base URL, the first being the one above (the gateway's on this machine). */
      copies: {
        gateway: copies.gateway.map((c) => `http://localhost:${c.port}`),
        text: copies.text.map((c) => c.url),
        speech: copies.speech.map((c) => c.url),
      },
    },
    dataDir: data,
    /**
     * Process names: mongo (when embedded), text, speech, gateway (further copies text-2, gateway-2 ...) and
     * each local remote's name (mf_auth ...).
     */
    processes: supervisor.names(),
    /** Stops one process on purpose (not a failure), e.g. to see how the rest copes. */
    stopProcess: (/** @type {string} */ name) => supervisor.stop(name),
    /** Starts a stopped process again and waits until it is ready. */
    startProcess: (/** @type {string} */ name) => supervisor.start(name),
    isRunning: (/** @type {string} */ name) => supervisor.isRunning(name),
    /** Kills a process outright (SIGKILL), as a crash would; the supervisor brings it back. */
    killProcess: (/** @type {string} */ name) => {
      const pid = supervisor.pidOf(name);
      if (pid === undefined) throw new Error(`${name} is not running`);
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    pidOf: (/** @type {string} */ name) => supervisor.pidOf(name),
    stop,
  };
}

/**
 * mf_datasets lives in mf-datasets/.
 * @param {{ name: string }} remote
 */
export const folderOf = (remote) => remote.name.replace(/_/g, '-');
