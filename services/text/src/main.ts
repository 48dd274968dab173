import { resolve } from 'node:path';
import { DEFAULT_HOST, DEFAULT_PORTS } from '@platform/contracts';
import {
  defaultDataDir,
  DEFAULT_MONGODB_URI,
  loadIdentitySecret,
  readConfig,
  serviceMain,
  settings,
} from '@platform/service-kit';
import { buildApp, DEFAULT_GATEWAY_URL, DEFAULT_SPEECH_URL } from './app';

// dist/main.js (or src/main.ts) sits two folders below services/, three below the repository root.
const repoRoot = resolve(__dirname, '..', '..', '..');

/** Everything the text service reads from its environment, with the single-machine defaults. */
const textSettings = {
  port: settings.port('TEXT_PORT', DEFAULT_PORTS.text),
  host: settings.string('HOST', DEFAULT_HOST),
  mongoUri: settings.mongoUri('MONGODB_URI', DEFAULT_MONGODB_URI),
  dataDir: settings.path('DATA_DIR', defaultDataDir(repoRoot)),
  speechUrl: settings.url('SPEECH_URL', DEFAULT_SPEECH_URL),
  gatewayUrl: settings.url('GATEWAY_URL', DEFAULT_GATEWAY_URL),
};

void serviceMain({
  name: 'text service',
  config: () => readConfig(textSettings),
  build: (config) =>
    buildApp({
      mongoUri: config.mongoUri,
      identitySecret: loadIdentitySecret(config.dataDir),
      speechUrl: config.speechUrl,
      gatewayUrl: config.gatewayUrl,
    }),
});
