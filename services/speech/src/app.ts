import multipart from '@fastify/multipart';
import type { FastifyServerOptions } from 'fastify';
import { DEFAULT_HOST, DEFAULT_PORTS, SERVICE_IDENTITIES } from '@platform/contracts';
import {
  createService,
  createServiceClient,
  databaseOf,
  registerRouteModules,
  type CollectionIndexes,
  type ServiceApp,
} from '@platform/service-kit';
import { SPEECH_INDEXES } from './indexes';
import { createTextPairSync, type TextPairSync } from './text-pairs/text-pair-sync';
import { ROUTE_MODULES } from './routes';
import { speechStores, type SpeechStores } from './stores';
import { opusencEncoder, smallRenditions } from './audio/small-rendition';
import { createReleaseWorker, type ReleaseWorker, type ReleaseWorkerOptions } from './datasets/release-build';
import { createDatasetSeeder, type DatasetSeeder } from './datasets/seeding';
import { createSentenceSync, type SentenceSync } from './sentences/sentence-sync';
import {
  DEFAULT_SYNC_INTERVAL_MS,
  SYNC_REQUEST_TIMEOUT_MS,
  type ChangeFeedFollowerOptions,
} from './sync/change-feed-follower';
import { createActivityBackfill, type ActivityBackfill } from './activity/backfill';
import { createUploadCleanup, type UploadCleanup } from './resumable-uploads/cleanup';
import { createOrphanSweep, type OrphanSweep } from './audio/orphan-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pulls recordable sentences from the text service; `syncOnce()` runs one catch-up and resolves. */
    sentenceSync: SentenceSync;
    /** Pulls text pairs from the text service and passes Donate's reports back; `syncOnce()` as above. */
    textPairSync: TextPairSync;
    /** Builds published releases in the background; tests `await app.releaseWorker.idle()`. */
    releaseWorker: ReleaseWorker;
    /** Defines one dataset per language with data; `seedOnce()` runs one pass and resolves. */
    datasetSeeder: DatasetSeeder;
    /** Rebuilds the activity counts of data stored before they were kept; `runOnce()` for tests. */
    activityBackfill: ActivityBackfill;
    /** Removes resumable uploads left idle for a day; `runOnce()` for tests. */
    uploadCleanup: UploadCleanup;
    /** Removes audio no record owns once past its grace; `runOnce()` for tests. */
    orphanSweep: OrphanSweep;
  }
}

export const DEFAULT_TEXT_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORTS.text}`;

export interface SpeechAppOptions {
  mongoUri: string;
  /** Defaults to `speech`; tests pass a unique name. */
  dbName?: string;
  identitySecret: string;
  logger?: FastifyServerOptions['logger'];
  indexes?: CollectionIndexes[];
  /** Where the text service listens (TEXT_URL). */
  textUrl?: string;
  /** Pause between sentence syncs (SENTENCE_SYNC_INTERVAL_MS). */
  syncIntervalMs?: number;
  /** Start the sync loop when the server is ready (default true; tests drive syncOnce themselves). */
  startSync?: boolean;
  /** The clock of the datasets feature (download expiry, release dates) and of idle uploads; tests move it. */
  now?: () => Date;
  /**
   * More options for the release worker (for example its polling; tests turn polling off and `kick()` or
   * `idle()` it themselves), and the worker itself when a test wants another one.
   */
  releaseWorkerOptions?: Partial<Omit<ReleaseWorkerOptions, 'stores' | 'log'>>;
  createReleaseWorker?: (options: ReleaseWorkerOptions) => ReleaseWorker;
  /** Define the datasets of languages with data at start and then every `seedIntervalMs` (default true). */
  startSeeding?: boolean;
  seedIntervalMs?: number;
  /** Rebuild the activity counts of older data at start (default true; tests drive `runOnce`). */
  startBackfill?: boolean;
  /** Remove idle resumable uploads every `uploadCleanupIntervalMs` (default true; tests drive `runOnce`). */
  startUploadCleanup?: boolean;
  uploadCleanupIntervalMs?: number;
  /**
   * Remove audio files no record owns, older than `orphanGraceMs`, every `orphanSweepIntervalMs` (default
   * true; tests drive `runOnce`).
   */
  startOrphanSweep?: boolean;
  orphanSweepIntervalMs?: number;
  orphanGraceMs?: number;
  /**
   * opus-tools' encoder, for Listen's small renditions (OPUSENC_PATH; `opusenc` on the PATH by default).
   * Without it every recording is served as it was recorded.
   */
  opusencPath?: string;
}

/**
 * Ceiling for any one uploaded part; routes set tighter limits of their own (a recording is at most 5 MB).
 * Parts are streamed, never held whole.
 */
export const MULTIPART_MAX_FILE_BYTES = 25 * 1024 * 1024;

/** The speech service: recordable sentences, recordings, votes, audio pairs, audio files and datasets. */
export async function buildApp(options: SpeechAppOptions): Promise<ServiceApp> {
  // Before any request is served: live activity counting covers everything from here on.
  const startedAt = new Date();
  const now = options.now ?? (() => new Date());
  // Created with the routes (the publish route kicks it); it reaches the database once the app is ready.
  let releaseWorker: ReleaseWorker | null = null;
  // Built with the routes (the database is there by then), once: route modules and background jobs share them.
  let built: SpeechStores | null = null;
  const app = await createService({
    name: 'speech',
    mongoUri: options.mongoUri,
    dbName: options.dbName ?? 'speech',
    indexes: options.indexes ?? SPEECH_INDEXES,
    identitySecret: options.identitySecret,
    logger: options.logger,
    routes: async (instance) => {
      const typed = instance as ServiceApp;
      built = speechStores(databaseOf(typed));
      await instance.register(multipart, {
        limits: { fileSize: MULTIPART_MAX_FILE_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024 },
      });
      releaseWorker = (options.createReleaseWorker ?? createReleaseWorker)({
        ...options.releaseWorkerOptions,
        stores: built,
        log: typed.log.child({ component: 'release-worker' }),
      });
      await registerRouteModules(typed, ROUTE_MODULES, {
        stores: built,
        secret: options.identitySecret,
        now,
        // The speech service's own signed name, never a person's: 503 service.unavailable when text cannot answer.
        text: createServiceClient({
          identity: SERVICE_IDENTITIES.speech,
          target: 'text',
          baseUrl: options.textUrl ?? DEFAULT_TEXT_URL,
          secret: options.identitySecret,
          log: typed.log,
        }),
        worker: releaseWorker,
        renditions: smallRenditions(
          built.audio,
          opusencEncoder(options.opusencPath ?? process.env.OPUSENC_PATH ?? 'opusenc'),
          typed.log.child({ component: 'small-renditions' }),
        ),
      });
    },
  });
  if (!built) throw new Error('the stores were not built with the routes');
  const stores: SpeechStores = built;
  // Both follow a change feed of the text service, at the same pace.
  const followerOptions: ChangeFeedFollowerOptions = {
    db: databaseOf(app),
    sync: stores.sync,
    text: createServiceClient({
      identity: SERVICE_IDENTITIES.speech,
      target: 'text',
      baseUrl: options.textUrl ?? DEFAULT_TEXT_URL,
      secret: options.identitySecret,
      // The followers log their own failures, backing off, so a text service that is down for an hour is
      // not a warning every few seconds.
      log: app.log.child({ component: 'text-sync' }, { level: 'error' }),
      timeoutMs: SYNC_REQUEST_TIMEOUT_MS,
    }),
    log: app.log,
    intervalMs: options.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS,
  };
  const sync = createSentenceSync({ ...followerOptions, sentences: stores.sentences });
  const pairSync = createTextPairSync({
    ...followerOptions,
    textPairs: stores.textPairs,
    audioPairs: stores.audioPairs,
  });
  app.decorate('sentenceSync', sync);
  app.decorate('textPairSync', pairSync);
  if (!releaseWorker) throw new Error('the release worker was not created with the routes');
  const worker: ReleaseWorker = releaseWorker;
  app.decorate('releaseWorker', worker);
  const seeder = createDatasetSeeder({
    db: databaseOf(app),
    stores,
    log: app.log.child({ component: 'dataset-seeder' }),
    intervalMs: options.seedIntervalMs,
    now,
  });
  app.decorate('datasetSeeder', seeder);
  const backfill = createActivityBackfill({
    db: databaseOf(app),
    startedAt,
    indexesReady: () => app.database?.indexesReady() ?? false,
    log: app.log.child({ component: 'activity-backfill' }),
  });
  app.decorate('activityBackfill', backfill);
  const uploadCleanup = createUploadCleanup({
    db: databaseOf(app),
    uploads: stores.resumableUploads,
    log: app.log.child({ component: 'upload-cleanup' }),
    now,
    intervalMs: options.uploadCleanupIntervalMs,
  });
  app.decorate('uploadCleanup', uploadCleanup);
  const orphanSweep = createOrphanSweep({
    db: databaseOf(app),
    log: app.log.child({ component: 'orphan-sweep' }),
    now,
    graceMs: options.orphanGraceMs,
    intervalMs: options.orphanSweepIntervalMs,
  });
  app.decorate('orphanSweep', orphanSweep);
  let closing = false;
  app.addHook('onReady', async () => {
    // Data stored before the running counts existed gets them once, before the syncs move them. Not awaited:
    // a database that is down at start delays nothing (readiness reports it).
    const counted = stores.audioPairs
      .recountIfMissing(stores.textPairs.approvedCount)
      .catch((err: unknown) => app.log.warn({ err }, 'audio pair counts not set'));
    // Builds left pending by a stopped process are picked up now rather than at the next poll.
    worker.kick();
    if (options.startSeeding ?? true) seeder.start();
    if (options.startBackfill ?? true) backfill.start();
    if (options.startUploadCleanup ?? true) uploadCleanup.start();
    if (options.startOrphanSweep ?? true) orphanSweep.start();
    if (options.startSync ?? true) {
      void counted.then(() => {
        if (closing) return;
        sync.start();
        pairSync.start();
      });
    }
  });
  // Before the database client closes (createService's onClose), so no sync is mid-write when it does.
  app.addHook('preClose', async () => {
    closing = true;
    await Promise.all([
      sync.stop(),
      pairSync.stop(),
      worker.stop(),
      seeder.stop(),
      backfill.stop(),
      uploadCleanup.stop(),
      orphanSweep.stop(),
    ]);
  });
  return app;
}
