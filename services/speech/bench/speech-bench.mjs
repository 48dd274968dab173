// @ts-check
// What the speech benchmarks (run.mjs, audio-pairs.mjs) share beyond tools/bench/harness.mjs: building and
// starting the speech service, and the gateway's bench-gateway.cjs (the real gateway, signed in by an
// `x-bench-user` header) in front of it.
import { build, freePort, waitAnswering } from '../../../tools/bench/harness.mjs';

/** @typedef {ReturnType<typeof import('../../../tools/bench/harness.mjs').createBench>} Bench */

export const buildSpeech = () =>
  build([
    'libs/contracts',
    'libs/service-kit',
    'libs/audio-probe',
    'libs/embedded-mongo',
    'services/speech',
    'services/gateway',
  ]);

/**
 * The embedded database (`mongo`: its process) and the built speech service (no text service: TEXT_URL leads nowhere).
 * @param {Bench} bench
 */
export async function startSpeech(bench) {
  const { uri, child: mongo } = await bench.startMongo();
  const speech = await bench.startService('speech', {
    portVar: 'SPEECH_PORT',
    uri,
    env: { TEXT_URL: 'http://127.0.0.1:9' },
  });
  return { uri, speech, mongo };
}

/** services/gateway/bench/bench-gateway.cjs in front of the speech service on a free port, once it answers. */
/**
 * @param {Bench} bench
 * @param {string} speechUrl
 */
export async function startBenchGateway(bench, speechUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child } = await bench.start('gateway', ['services/gateway/bench/bench-gateway.cjs'], {
    PORT: String(port),
    SPEECH_URL: speechUrl,
    TEXT_URL: 'http://127.0.0.1:9',
    IDENTITY_SECRET: bench.secret,
  });
  await waitAnswering(`${url}/healthz`);
  return { child, url };
}
