import { resolve } from 'node:path';
import { serviceMain } from '@platform/service-kit';
import { buildApp } from './app';
import { gatewayConfigFromEnv } from './config';

// dist/main.js (or src/main.ts) sits three folders below the repository root.
const repoRoot = resolve(__dirname, '..', '..', '..');

void serviceMain({
  name: 'gateway',
  config: () => gatewayConfigFromEnv(repoRoot),
  build: (config) => buildApp(config.options),
  listening: (app, config) => app.log.info(`platform available at http://localhost:${config.port}`),
});
