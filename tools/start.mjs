#!/usr/bin/env node
// @ts-check
// `npm start`: build what is missing or stale, start the whole platform on this machine, stop it on
// Ctrl-C / SIGTERM. A part that dies on its own is restarted (1 s, 2 s, 4 s … at most 30 s apart) while the
// rest keeps serving; only one that fails to become ready five times in a row stops everything (exit 1).
import { buildPlatform, startPlatform } from './platform.mjs';
import { consoleLog, logFormat } from './lib/log.mjs';
import { instanceCounts } from './lib/instances.mjs';

const log = consoleLog();
/** @param {string} line */
const say = (line) => log('platform', line);

/** @type {Awaited<ReturnType<typeof startPlatform>> | null} */
let platform = null;
let shuttingDown = false;

/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  say(`${signal}: stopping every process`);
  // While still building or starting, the main flow below notices the flag and stops what it started.
  if (!platform) return;
  await platform.stop();
  say('stopped');
  process.exit(0);
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  // A bad GATEWAY_INSTANCES (or TEXT_, SPEECH_) is refused before minutes of building, not after.
  const instances = instanceCounts(process.env);
  say('building what is missing or stale (nx run-many -t build)');
  // In a terminal Nx prints its own progress; elsewhere its lines become JSON lines like everything else.
  await buildPlatform(logFormat() === 'json' ? { log } : {});
  if (shuttingDown) process.exit(0);
  // The services' own port variables move them here too (the remotes keep 3001-3005).
  /** @param {string} name */
  const portOf = (name) => (process.env[name] ? Number(process.env[name]) : undefined);
  const ports = Object.fromEntries(
    Object.entries({
      gateway: portOf('PORT'),
      text: portOf('TEXT_PORT'),
      speech: portOf('SPEECH_PORT'),
    }).filter(([, port]) => port !== undefined),
  );
  platform = await startPlatform({
    ports,
    instances,
    log,
    onFailure: ({ name }) => {
      say(`stopped everything because ${name} could not be brought back; see its last lines above`);
      process.exit(1);
    },
  });
  if (shuttingDown) {
    await platform.stop();
    say('stopped');
    process.exit(0);
  }
  say(
    `remotes: ${Object.entries(platform.urls.remotes)
      .map(([n, u]) => `${n} ${u}`)
      .join(', ')}`,
  );
  say(`database: ${platform.urls.mongo}; data folder: ${platform.dataDir}`);
  const { copies } = platform.urls;
  if (copies.gateway.length + copies.text.length + copies.speech.length > 3) {
    say(
      `copies: gateways ${copies.gateway.join(', ')}; text ${copies.text.join(', ')}; speech ${copies.speech.join(', ')}`,
    );
  }
  say(`Platform ready: open ${platform.urls.site}`);
} catch (error) {
  if (shuttingDown) process.exit(0);
  say(`✖ ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
