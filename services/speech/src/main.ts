import { resolve } from 'node:path';
import {
  dataDirFromEnv,
  DEFAULT_MONGODB_URI,
  listenWithGracefulShutdown,
  loadIdentitySecret,
  portFromEnv,
} from '@platform/service-kit';
import { buildApp, DEFAULT_TEXT_URL } from './app';
import { DEFAULT_SYNC_INTERVAL_MS } from './sentences/sentence-sync';

function positiveIntFromEnv(value: string | undefined, fallback: number) {
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Invalid SENTENCE_SYNC_INTERVAL_MS: ${value}`);
  return n;
}

// dist/main.js (or src/main.ts) sits two folders below services/, three below the repository root.
const repoRoot = resolve(__dirname, '..', '..', '..');

async function main() {
  const env = process.env;
  const app = await buildApp({
    mongoUri: env.MONGODB_URI || DEFAULT_MONGODB_URI,
    identitySecret: loadIdentitySecret(dataDirFromEnv(repoRoot, env), env),
    textUrl: env.TEXT_URL || DEFAULT_TEXT_URL,
    syncIntervalMs: positiveIntFromEnv(env.SENTENCE_SYNC_INTERVAL_MS, DEFAULT_SYNC_INTERVAL_MS),
  });
  await listenWithGracefulShutdown(app, {
    port: portFromEnv(env.SPEECH_PORT, 4002),
    host: env.HOST || '127.0.0.1',
  });
}

main().catch((err: unknown) => {
  console.error('speech service failed to start', err);
  process.exit(1);
});
