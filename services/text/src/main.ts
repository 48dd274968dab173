import { resolve } from 'node:path';
import {
  dataDirFromEnv,
  DEFAULT_MONGODB_URI,
  listenWithGracefulShutdown,
  loadIdentitySecret,
  portFromEnv,
} from '@platform/service-kit';
import { buildApp } from './app';

// dist/main.js (or src/main.ts) sits two folders below services/, three below the repository root.
const repoRoot = resolve(__dirname, '..', '..', '..');

async function main() {
  const env = process.env;
  const app = await buildApp({
    mongoUri: env.MONGODB_URI || DEFAULT_MONGODB_URI,
    identitySecret: loadIdentitySecret(dataDirFromEnv(repoRoot, env), env),
  });
  await listenWithGracefulShutdown(app, {
    port: portFromEnv(env.TEXT_PORT, 4001),
    host: env.HOST || '127.0.0.1',
  });
}

main().catch((err: unknown) => {
  console.error('text service failed to start', err);
  process.exit(1);
});
