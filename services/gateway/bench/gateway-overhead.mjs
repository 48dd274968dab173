// @ts-check
// Gateway overhead on loopback, requests per second direct to a service vs through the gateway:
//   - a trivial route (/healthz): the service's own vs the gateway's own;
//   - a real proxied route: a signed-in contributor's Speak round (GET /api/sentences?lang=yo), straight to
//     the speech service with signed identity headers vs through the gateway with the session cookie, so
//     the gateway does all its real work (session lookup, identity signing, proxying);
//   - informational: a no-op stand-in service behind a second gateway, the floor of what proxying costs.
// Target for the first two: through the gateway >= 60% of direct. Usage: npm run bench (services/gateway).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, settings } from './measure.mjs';
import { buildWhatRuns, startRealPlatform } from './real-platform.mjs';
import { STAND_IN_PATH, startStandIn } from './stand-in.mjs';

const TARGET = 0.6;
const LABEL_WIDTH = 46;

/** @param {Awaited<ReturnType<typeof compare>>[]} rows */
function printTable(rows) {
  const { connections, rounds, durationS, acceptEncoding } = settings;
  console.log(
    `\nGateway overhead (${connections} connections, median of ${rounds} alternating ${durationS}s runs, ` +
      `loopback, LOG_LEVEL=${process.env.LOG_LEVEL || 'warn'}, accept-encoding: ${acceptEncoding || 'none'})`,
  );
  console.log(`${'route'.padEnd(LABEL_WIDTH)}direct req/s   gateway req/s   ratio   target`);
  for (const r of rows) {
    const verdict = r.target ? `${r.ratio >= TARGET ? 'met' : 'MISSED'} (>= ${TARGET * 100}%)` : 'none';
    console.log(
      `${r.label.padEnd(LABEL_WIDTH)}${r.directRps.toFixed(0).padStart(12)}${r.gatewayRps.toFixed(0).padStart(16)}` +
        `${(r.ratio * 100).toFixed(1).padStart(7)}%   ${verdict}`,
    );
  }
  console.log(
    `\nNo target for the proxy floor: against a handler that does nothing, the gateway does twice the service's HTTP work (a server and a client exchange per request) on the same ${availableParallelism()} cores as autocannon and the stand-in.`,
  );
  console.log('\nRuns (req/s, direct | gateway):');
  for (const r of rows) {
    /** @param {number[]} values */
    const runs = (values) => values.map(Math.round).join(' ');
    console.log(`  ${r.label.padEnd(LABEL_WIDTH)}${runs(r.directRuns)} | ${runs(r.gatewayRuns)}`);
  }
}

async function main() {
  await buildWhatRuns();
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  /** @type {(() => Promise<void>)[]} */
  const stops = [];
  const stopAll = async () => {
    for (let stop = stops.pop(); stop; stop = stops.pop()) await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const [signal, code] of /** @type {[NodeJS.Signals, number][]} */ ([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])) {
    process.once(signal, () => void stopAll().then(() => process.exit(code)));
  }
  try {
    const platform = await startRealPlatform(dataDir);
    stops.push(platform.stop);
    const standIn = await startStandIn({
      dataDir: join(dataDir, 'stand-in'),
      mongoUri: platform.urls.mongo,
      identitySecret: platform.identitySecret,
    });
    stops.push(standIn.stop);

    const { site, speech } = platform.urls;

    const rows = [];
    rows.push(
      await compare({
        label: 'trivial route (/healthz)',
        target: true,
        direct: { url: `${speech}/healthz` },
        gateway: { url: `${site}/healthz` },
      }),
    );
    rows.push(
      await compare({
        label: 'proxied route (GET /api/sentences?lang=yo)',
        target: true,
        direct: { url: `${speech}${platform.roundPath}`, headers: platform.signed },
        gateway: { url: `${site}${platform.roundPath}`, headers: () => platform.sessionCookie },
      }),
    );
    rows.push(
      await compare({
        label: 'proxy floor: no-op upstream, no target',
        target: false,
        direct: { url: `${standIn.upstreamUrl}${STAND_IN_PATH}` },
        gateway: { url: `${standIn.gatewayUrl}${STAND_IN_PATH}` },
      }),
    );
    printTable(rows);
  } finally {
    await stopAll();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
