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
import { buildApp, DEFAULT_TEXT_URL } from './app';
import { DEFAULT_SYNC_INTERVAL_MS } from './sync/change-feed-follower';
import { DEFAULT_PUBLIC_URL } from './datasets/release-build/citation';
import { ORPHAN_GRACE_MS, ORPHAN_SWEEP_INTERVAL_MS } from './audio/orphan-sweep';

// dist/main.js (or src/main.ts) sits two folders below services/, three below the repository root.
const repoRoot = resolve(__dirname, '..', '..', '..');

/** Everything the speech service reads from its environment, with the single-machine defaults. */
const speechSettings = {
  port: settings.port('SPEECH_PORT', DEFAULT_PORTS.speech),
  host: settings.string('HOST', DEFAULT_HOST),
  mongoUri: settings.mongoUri('MONGODB_URI', DEFAULT_MONGODB_URI),
  dataDir: settings.path('DATA_DIR', defaultDataDir(repoRoot)),
  textUrl: settings.url('TEXT_URL', DEFAULT_TEXT_URL),
  syncIntervalMs: settings.positiveInt('SENTENCE_SYNC_INTERVAL_MS', DEFAULT_SYNC_INTERVAL_MS),
  // The gateway's public origin: the addresses a release's citation and metadata give.
  publicUrl: settings.url('PUBLIC_URL', DEFAULT_PUBLIC_URL),
  // How old audio no record owns must be before the sweep removes it, and how often it looks.
  orphanGraceMs: settings.positiveInt('AUDIO_ORPHAN_GRACE_MS', ORPHAN_GRACE_MS),
  orphanSweepIntervalMs: settings.positiveInt('AUDIO_ORPHAN_SWEEP_INTERVAL_MS', ORPHAN_SWEEP_INTERVAL_MS),
};

void serviceMain({
  name: 'speech service',
  config: () => readConfig(speechSettings),
  build: (config) =>
    buildApp({
      mongoUri: config.mongoUri,
      identitySecret: loadIdentitySecret(config.dataDir),
      textUrl: config.textUrl,
      syncIntervalMs: config.syncIntervalMs,
      releaseWorkerOptions: { publicUrl: config.publicUrl },
      orphanGraceMs: config.orphanGraceMs,
      orphanSweepIntervalMs: config.orphanSweepIntervalMs,
    }),
});
