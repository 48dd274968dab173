import { availableParallelism, hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetSources } from '@platform/contracts';
import type { PcmSampleRate } from '@platform/audio-probe';
import type { SpeechStores } from '../../stores';
import type { ReleaseDoc } from '../store';
import { buildRelease } from './build-release';
import { selectionOf } from './selection';
import { DEFAULT_PUBLIC_URL } from './citation';
import { DEFAULT_PARQUET_OPTIONS, type ParquetShardOptions } from './parquet-shards';
import type { ReleaseContents } from '../release-manifest';

/**
 * Builds the releases that are `building`, one at a time per process, in the background: each release is
 * claimed with its own lease (service-kit's takeLease), so several processes build different releases at once
 * and a crashed builder's release is taken over once its lease runs out.
 */
export interface ReleaseWorker {
  /** Look for a release to build now (after a publish call) instead of at the next poll. */
  kick(): void;
  /** Resolves when no build is running or waiting (tests). */
  idle(): Promise<void>;
  /** Stops polling and waits for a running build to reach a safe point. */
  stop(): Promise<void>;
}

export interface ReleaseWorkerOptions {
  stores: SpeechStores;
  log: FastifyBaseLogger;
  /** How often to look for a pending release (a restarted service finishes what was pending); default 5 s. */
  pollMs?: number;
  /** How long a claim holds without renewal (a crashed builder's release is taken over after it); default 60 s. */
  leaseMs?: number;
  /** Least time between two progress writes; default 1 s. */
  progressMs?: number;
  /** The release's audio rate (Opus decodes to it natively); default 16 kHz, the ASR norm. */
  sampleRate?: PcmSampleRate;
  /** Stored takes fetched and decoded ahead of the one being written; default 4. */
  readAhead?: number;
  /** Threads decoding takes beside the service's own (the built service only; 0: none); default 2 (1 on one core). */
  decodeThreads?: number;
  /** The site's public origin (PUBLIC_URL), for the addresses a release cites; default the gateway's. */
  publicUrl?: string;
  /** The Parquet shards' size bound and row group size; default 500 MB and 4 MiB. */
  parquet?: Partial<ParquetShardOptions>;
  /** Names this worker in leases; default host, process id and a random suffix. */
  owner?: string;
}

/** What a release of these sources would hold right now. */
export interface SelectionCounts {
  recordings: number;
  audioPairs: number;
  sentences: number;
  textPairs: number;
}

/** Thrown inside a build to stop it: the lease went to another worker, or the service is stopping. */
class BuildStopped extends Error {
  constructor(readonly why: 'lease-lost' | 'stopping') {
    super(why === 'lease-lost' ? 'another worker took over the build' : 'the service is stopping');
  }
}

export function createReleaseWorker(options: ReleaseWorkerOptions): ReleaseWorker {
  const { stores, log } = options;
  const store = stores.datasets;
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 60_000;
  const progressMs = options.progressMs ?? 1000;
  const sampleRate = options.sampleRate ?? 16000;
  const readAhead = options.readAhead ?? 4;
  const decodeThreads = options.decodeThreads ?? Math.min(2, availableParallelism());
  const publicUrl = options.publicUrl ?? DEFAULT_PUBLIC_URL;
  const parquet = { ...DEFAULT_PARQUET_OPTIONS, ...options.parquet };
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const build = async (release: ReleaseDoc) => {
    const id: ObjectId = release._id;
    // Whatever an earlier attempt (a crash) left is removed: the build starts from scratch.
    await store.deleteReleaseFiles(id);
    let lastWrite = 0;
    let lastRenew = Date.now();
    const report = async (progress: number, stage: string) => {
      if (stopped) throw new BuildStopped('stopping');
      const now = Date.now();
      if (now - lastWrite < progressMs && now - lastRenew < leaseMs / 3) return;
      lastWrite = now;
      lastRenew = now;
      const held = await store.reportProgress(id, owner, {
        progress: Math.min(1, Math.max(0, Math.round(progress * 1000) / 1000)),
        stage,
        until: new Date(now + leaseMs),
      });
      if (!held) throw new BuildStopped('lease-lost');
    };
    try {
      const out = await buildRelease({
        stores,
        release,
        sampleRate,
        readAhead,
        decodeThreads,
        publicUrl,
        parquet,
        report,
        log,
      });
      if (!(await store.publish(release, owner, out))) throw new BuildStopped('lease-lost');
      log.info(
        {
          datasetId: release.datasetId,
          version: release.version,
          clips: out.figures.clips,
          bytes: out.figures.bytes,
        },
        'release published',
      );
    } catch (error) {
      if (error instanceof BuildStopped) {
        if (error.why === 'stopping') {
          // Left `building` for the next claim (this process after a restart, or another one).
          await store.deleteReleaseFiles(id);
          await store.pauseBuild(id, owner);
          log.info({ datasetId: release.datasetId, version: release.version }, 'release build paused');
        } else {
          log.warn({ datasetId: release.datasetId, version: release.version }, error.message);
        }
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      log.error(
        { err: message, datasetId: release.datasetId, version: release.version },
        'release build failed',
      );
      await store.deleteReleaseFiles(id);
      await store.failBuild(id, owner, message);
    }
  };

  const loop = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        let release: ReleaseDoc | null;
        try {
          release = await store.claimBuild(owner, Date.now(), leaseMs);
        } catch (error) {
          log.warn({ err: String(error) }, 'could not look for releases to build');
          return;
        }
        if (!release) break;
        await build(release);
      }
    } while (again && !stopped);
  };

  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((error: unknown) => {
        // The database failed while a build was being marked done or failed: the release keeps this worker's
        // lease, so the next poll here takes it again (another process once the lease has run out).
        log.error(
          { err: String(error) },
          'the release worker stopped on an error; it retries at the next poll',
        );
      })
      .finally(() => {
        running = null;
        schedule();
      });
  };

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, pollMs);
    timer.unref();
  };

  run();

  return {
    kick() {
      if (!stopped) run();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** What a release of these sources would hold if it were built now. */
export async function selectionCounts(
  stores: SpeechStores,
  sources: DatasetSources,
  exclude?: ReleaseContents | null,
): Promise<SelectionCounts> {
  const selection = await selectionOf(stores.sentences.idsInDomains, sources, undefined, exclude);
  const count = async <T>(filter: T | null, n: (f: T) => Promise<number>) => (filter ? n(filter) : 0);
  const [recordings, audioPairs, sentences, textPairs] = await Promise.all([
    count(selection.recordings, stores.recordings.count),
    count(selection.audioPairs, stores.audioPairs.count),
    count(selection.sentences, stores.sentences.count),
    count(selection.textPairs, stores.textPairs.count),
  ]);
  return { recordings, audioPairs, sentences, textPairs };
}
