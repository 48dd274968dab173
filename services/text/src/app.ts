import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { DEFAULT_HOST, DEFAULT_PORTS, SERVICE_IDENTITIES } from '@platform/contracts';
import {
  createService,
  createServiceClient,
  databaseOf,
  registerRouteModules,
  type CollectionIndexes,
  type ServiceApp,
  type ServiceClient,
} from '@platform/service-kit';
import { startActivityBackfill } from './activity/backfill';
import { createActivityReader, type ActivityReader } from './activity/activity-reader';
import { createPeopleDirectory, type PeopleDirectory } from './people/people-directory';
import { TEXT_INDEXES } from './indexes';
import { ROUTE_MODULES } from './routes';
import { REMINDER_INTERVAL_MS, reminderJob } from './notifications/reminders';
import { startSeeding } from './sentences/seed';
import type { SequenceWriter } from './sentences/store';
import { textStores, type TextStores } from './stores';
import type { PairSequenceWriter } from './text-pairs/pair-sequence';
import { startAbandonedUploadSweep } from './uploads/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves with the number of starter sentences added once seeding has run (0 when disabled). */
    seeded: Promise<number>;
    /** Hands out the sentences' change sequence numbers (Write uses it too). */
    sequenceWriter: SequenceWriter;
    /** Hands out the text pairs' change sequence numbers. */
    pairSequenceWriter: PairSequenceWriter;
    /** Sums of daily activity counts, text and speech alike (project progress, analytics, the dashboard). */
    activity: ActivityReader;
    /** Calls to the speech service, signed as the text service. */
    speech: ServiceClient;
    /** Accounts' current names and roles, from the gateway. */
    people: PeopleDirectory;
    /** The time; tests fix it to put events on a period's edges. */
    now: () => Date;
    /** Resolves once the text activity counts of what was stored before live counting are rebuilt. */
    activityBackfilled: Promise<void>;
  }
}

/** services/text/seed, from src/ (tests) and dist/ (node dist/main.js) alike. */
export const DEFAULT_SEED_DIR = resolve(__dirname, '..', 'seed');
export const DEFAULT_SPEECH_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORTS.speech}`;
export const DEFAULT_GATEWAY_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORTS.gateway}`;

export interface TextAppOptions {
  mongoUri: string;
  /** Defaults to `text`; tests pass a unique name. */
  dbName?: string;
  identitySecret: string;
  logger?: FastifyServerOptions['logger'];
  indexes?: CollectionIndexes[];
  /** Folder of the starter sentences; false to start without seeding. */
  seedDir?: string | false;
  /** The largest dataset upload taken (DATASET_UPLOAD_MAX_BYTES); tests pass a small one. */
  uploadMaxBytes?: number;
  /** The heap of a dataset upload's inspection thread (INSPECTION_MEMORY_MB); tests pass a small one. */
  uploadInspectionMemoryMb?: number;
  /** Where the speech service listens (SPEECH_URL). */
  speechUrl?: string;
  /** Where the gateway listens (GATEWAY_URL): it answers who an account id is. */
  gatewayUrl?: string;
  /** Tests replace the speech service's part of the activity sums, or the people directory. */
  activity?: ActivityReader;
  people?: PeopleDirectory;
  now?: () => Date;
  /** How often due-soon task reminders are looked for (REMINDER_INTERVAL_MS); false: never (tests). */
  reminderIntervalMs?: number | false;
}

/** The text service: sentences (write, review), text pairs, dataset uploads, projects and tasks. */
export async function buildApp(options: TextAppOptions): Promise<ServiceApp> {
  // Every activity this process counts live happens after this moment (the backfill's cutoff bound).
  const startedAt = new Date();
  // Built with the routes (the database is there by then), once: route modules are handed them.
  let built: TextStores | undefined;
  const app = await createService({
    name: 'text',
    mongoUri: options.mongoUri,
    dbName: options.dbName ?? 'text',
    indexes: options.indexes ?? TEXT_INDEXES,
    identitySecret: options.identitySecret,
    logger: options.logger,
    routes: (instance) => {
      built = textStores(databaseOf(instance as ServiceApp));
      return registerRouteModules(instance as ServiceApp, ROUTE_MODULES, {
        stores: built,
        uploadMaxBytes: options.uploadMaxBytes,
        uploadInspectionMemoryMb: options.uploadInspectionMemoryMb,
      });
    },
  });
  if (!built) throw new Error('The text service was built without its routes');
  const stores = built;
  const client = (target: 'speech' | 'gateway', baseUrl: string) =>
    createServiceClient({
      identity: SERVICE_IDENTITIES.text,
      target,
      baseUrl,
      secret: options.identitySecret,
      log: app.log,
    });
  const speech = client('speech', options.speechUrl ?? DEFAULT_SPEECH_URL);
  app.decorate('speech', speech);
  app.decorate('activity', options.activity ?? createActivityReader({ db: databaseOf(app), speech }));
  app.decorate(
    'people',
    options.people ?? createPeopleDirectory(client('gateway', options.gatewayUrl ?? DEFAULT_GATEWAY_URL)),
  );
  app.decorate('now', options.now ?? (() => new Date()));
  const backfill = startActivityBackfill({
    db: databaseOf(app),
    startedAt,
    owner: randomUUID(),
    log: app.log,
  });
  app.decorate('activityBackfilled', backfill.done);
  // Before the database client closes, so no rebuild is mid-write when it does.
  app.addHook('preClose', async () => backfill.stop());
  const writer = stores.sequences.sentences;
  app.decorate('sequenceWriter', writer);
  app.decorate('pairSequenceWriter', stores.sequences.pairs);
  // Uploads a stopped service left half-way are shown as failed, their bytes removed. Once, at start, on
  // every instance rather than a leased job: only uploads still 'uploading' past ABANDONED_UPLOAD_MS are
  // touched, each by a status-conditioned update, so two instances starting together do no harm.
  const sweep = startAbandonedUploadSweep(databaseOf(app), app.log);
  app.addHook('onClose', async () => sweep.stop());
  if (options.reminderIntervalMs !== false) {
    const reminders = reminderJob({
      db: databaseOf(app),
      now: app.now,
      intervalMs: options.reminderIntervalMs ?? REMINDER_INTERVAL_MS,
      log: app.log,
    });
    reminders.start();
    // Before the database client closes: a pass under way finishes and the lease is given back.
    app.addHook('preClose', async () => reminders.stop());
  }
  const seedDir = options.seedDir ?? DEFAULT_SEED_DIR;
  if (seedDir === false) {
    app.decorate('seeded', Promise.resolve(0));
  } else {
    // Once, at start, on every instance: the unique (language, key) index makes a second seeding add nothing.
    const seeding = startSeeding({ db: databaseOf(app), writer, dir: seedDir, log: app.log });
    // A broken seed file is logged here; the promise stays available to callers that want to fail on it.
    seeding.done.catch((err: unknown) => app.log.error({ err }, 'starter sentences could not be read'));
    app.decorate('seeded', seeding.done);
    app.addHook('onClose', async () => seeding.stop());
  }
  return app;
}
