import { resolve } from 'node:path';
import { listenWithGracefulShutdown } from '@platform/service-kit';
import { buildApp } from './app';
import { gatewayConfigFromEnv } from './config';

// dist/main.js (or src/main.ts) sits three folders below the repository root.
const repoRoot = resolve(__dirname, '..', '..', '..');

async function main() {
  const { options, port, host } = gatewayConfigFromEnv(repoRoot);
  const app = await buildApp(options);
  await listenWithGracefulShutdown(app, { port, host });
  app.log.info(`platform available at http://localhost:${port}`);
}

main().catch((err: unknown) => {
  console.error('gateway failed to start', err);
  process.exit(1);
});
