// Starts bench-gateway.cjs (the real gateway, signed in by an `x-bench-user` header) in front of the speech
// service on a free port, and waits until it answers.
import { freePort, waitAnswering } from '../../../tools/bench/harness.mjs';

export async function startBenchGateway(bench, speechUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child } = await bench.start('gateway', ['services/speech/bench/bench-gateway.cjs'], {
    PORT: String(port),
    SPEECH_URL: speechUrl,
    TEXT_URL: 'http://127.0.0.1:9',
    IDENTITY_SECRET: bench.secret,
  });
  await waitAnswering(`${url}/healthz`);
  return { child, url };
}
