// @ts-check
// autocannon runs, and the direct-vs-gateway comparison the benchmark reports for each row.
import autocannon from 'autocannon';

export const settings = {
  durationS: Number(process.env.BENCH_DURATION_S || 5),
  // Direct and gateway runs alternate, and the median of the rounds is reported, so that load from other
  // processes on the machine falls on both sides rather than skewing one.
  rounds: Number(process.env.BENCH_ROUNDS || 3),
  connections: Number(process.env.BENCH_CONNECTIONS || 50),
  // Long enough for the JIT and the connection pools (gateway → service, service → database) to settle.
  warmupS: Number(process.env.BENCH_WARMUP_S || 2),
  // What a browser sends with every API call, so the gateway decides about compression as it does for
  // real visitors; services ignore it. BENCH_ACCEPT_ENCODING= (empty) sends none.
  acceptEncoding: process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd',
};

/**
 * One side of a row: where to send requests, and the headers for one run.
 * @typedef {{ url: string, headers?: () => Record<string, string> }} Target
 */
/** @typedef {{ label: string, target: boolean, direct: Target, gateway: Target }} Row */

/** @param {number[]} values NaN for none */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/**
 * Requests per second for one target: { url, headers?() }. headers is a function so that signed identity
 * headers are fresh for every run (services refuse signatures older than 5 minutes).
 * Any non-2xx answer or socket error fails the benchmark: a fast error page is not throughput.
 * @param {Target} target
 * @returns {Promise<number>}
 */
export function run(target, durationS = settings.durationS) {
  return new Promise((resolveRun, reject) => {
    const options = {
      url: target.url,
      headers: {
        ...(settings.acceptEncoding ? { 'accept-encoding': settings.acceptEncoding } : {}),
        ...target.headers?.(),
      },
      connections: settings.connections,
      duration: durationS,
    };
    autocannon(options, (err, result) => {
      if (err) reject(err);
      else if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
        reject(
          new Error(
            `${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
          ),
        );
      else resolveRun(result.requests.average);
    });
  });
}

/**
 * One row: a discarded warm-up of each side, then alternating rounds; medians and their ratio.
 * @param {Row} row
 */
export async function compare(row) {
  await run(row.direct, settings.warmupS);
  await run(row.gateway, settings.warmupS);
  const directRuns = [];
  const gatewayRuns = [];
  for (let round = 0; round < settings.rounds; round++) {
    directRuns.push(await run(row.direct));
    gatewayRuns.push(await run(row.gateway));
  }
  const directRps = median(directRuns);
  const gatewayRps = median(gatewayRuns);
  return { ...row, directRps, gatewayRps, ratio: gatewayRps / directRps, directRuns, gatewayRuns };
}
