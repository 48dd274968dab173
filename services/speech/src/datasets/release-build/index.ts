import { availableParallelism, hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db, ObjectId } from 'mongodb';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetSources } from '@platform/contracts';
import type { PcmSampleRate } from '@platform/audio-probe';
import { collections } from '../../collections';
import { datasetCollections, type ReleaseDoc } from '../dataset-collections';
import { deleteReleaseFiles, keepReleaseFiles } from './artifact-store';
import { buildRelease } from './build-release';
import { selectionFor } from './selection';

/** Builds the releases that are `building`, one at a time, in the background (a lease in MongoDB). */
export interface ReleaseWorker {
  /** Look for a release to build now (after a publish call) instead of at the next poll. */
  kick(): void;
  /** Resolves when no build is running or waiting (tests). */
  idle(): Promise<void>;
  /** Stops polling and waits for a running build to reach a safe point. */
  stop(): Promise<void>;
}

export interface ReleaseWorkerOptions {
  db: Db;
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
  const { db, log } = options;
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 60_000;
  const progressMs = options.progressMs ?? 1000;
  const sampleRate = options.sampleRate ?? 16000;
  const readAhead = options.readAhead ?? 4;
  const decodeThreads = options.decodeThreads ?? Math.min(2, availableParallelism());
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const { releases, datasets } = datasetCollections(db);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  /** Claims the oldest `building` release nobody holds (or whose holder stopped renewing). */
  const claim = async (): Promise<ReleaseDoc | null> => {
    const now = new Date();
    return releases.findOneAndUpdate(
      { status: 'building', $or: [{ lease: { $exists: false } }, { 'lease.until': { $lt: now } }] },
      {
        $set: {
          lease: { owner, until: new Date(now.getTime() + leaseMs) },
          progress: 0,
          stage: 'Starting',
        },
      },
      { sort: { createdAt: 1 }, returnDocument: 'after' },
    );
  };

  const build = async (release: ReleaseDoc) => {
    const id: ObjectId = release._id;
    const mine = { _id: id, 'lease.owner': owner };
    // Whatever an earlier attempt (a crash) left is removed: the build starts from scratch.
    await deleteReleaseFiles(db, id);
    let lastWrite = 0;
    let lastRenew = Date.now();
    const report = async (progress: number, stage: string) => {
      if (stopped) throw new BuildStopped('stopping');
      const now = Date.now();
      if (now - lastWrite < progressMs && now - lastRenew < leaseMs / 3) return;
      lastWrite = now;
      lastRenew = now;
      const res = await releases.updateOne(mine, {
        $set: {
          progress: Math.min(1, Math.max(0, Math.round(progress * 1000) / 1000)),
          stage,
          'lease.until': new Date(now + leaseMs),
        },
      });
      if (res.matchedCount === 0) throw new BuildStopped('lease-lost');
    };
    try {
      const out = await buildRelease({ db, release, sampleRate, readAhead, decodeThreads, report, log });
      const { publishedAt } = out;
      const res = await releases.updateOne(mine, {
        $set: {
          status: 'published',
          publishedAt,
          progress: 1,
          figures: out.figures,
          audio: out.audio,
          artifacts: out.artifacts,
          statistics: out.statistics,
          contributorIds: out.contributorIds,
        },
        $unset: { lease: '', stage: '', error: '' },
      });
      if (res.matchedCount === 0) throw new BuildStopped('lease-lost');
      await keepReleaseFiles(db, id);
      await datasets.updateOne(
        {
          _id: release.datasetId,
          $or: [{ latestVersion: { $exists: false } }, { latestVersion: { $lt: release.version } }],
        },
        { $set: { latestVersion: release.version, publishedAt, updatedAt: publishedAt } },
      );
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
          await deleteReleaseFiles(db, id);
          await releases.updateOne(mine, { $unset: { lease: '' }, $set: { progress: 0, stage: 'Waiting' } });
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
      await deleteReleaseFiles(db, id);
      await releases.updateOne(mine, {
        $set: { status: 'failed', error: message },
        $unset: { lease: '', stage: '' },
      });
    }
  };

  const loop = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        let release: ReleaseDoc | null;
        try {
          release = await claim();
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
        // The database failed while a build was being marked done or failed: the lease expires and the next
        // claim (here or in another process) redoes it.
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
export async function selectionCounts(db: Db, sources: DatasetSources): Promise<SelectionCounts> {
  const col = collections(db);
  const selection = await selectionFor(db, sources);
  const count = async <T>(filter: T | null, n: (f: T) => Promise<number>) => (filter ? n(filter) : 0);
  const [recordings, audioPairs, sentences, textPairs] = await Promise.all([
    count(selection.recordings, (f) => col.recordings.countDocuments(f)),
    count(selection.audioPairs, (f) => col.audioPairs.countDocuments(f)),
    count(selection.sentences, (f) => col.sentences.countDocuments(f)),
    count(selection.textPairs, (f) => col.textPairs.countDocuments(f)),
  ]);
  return { recordings, audioPairs, sentences, textPairs };
}
