import type { Db } from 'mongodb';
import { RESUMABLE_UPLOAD_IDLE_MS } from '@platform/contracts';
import { leasedJob, type JobLog } from '@platform/service-kit';
import type { ResumableUploadStore } from './store';

/** How often idle uploads are looked for: an hour past the day is soon enough. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60_000;
/** Uploads removed per round of one pass. */
const BATCH = 100;

export interface UploadCleanup {
  start(): void;
  stop(): Promise<void>;
  /** One pass now (tests): resolves with how many uploads it removed. */
  runOnce(): Promise<number>;
}

/**
 * Removes uploads nobody has added to for a day (RESUMABLE_UPLOAD_IDLE_MS), with their bytes: a phone that
 * gave up, or a finished upload no donation used. One process does it at a time (a lease in MongoDB).
 */
export function createUploadCleanup(options: {
  db: Db;
  uploads: ResumableUploadStore;
  log: JobLog;
  now: () => Date;
  intervalMs?: number;
}): UploadCleanup {
  const { uploads, now } = options;

  async function removeIdle(signal?: AbortSignal): Promise<number> {
    const before = new Date(now().getTime() - RESUMABLE_UPLOAD_IDLE_MS);
    let removed = 0;
    for (;;) {
      if (signal?.aborted) return removed;
      const ids = await uploads.idleSince(before, BATCH);
      if (!ids.length) return removed;
      await uploads.remove(ids);
      removed += ids.length;
    }
  }

  let removedLast = 0;
  const job = leasedJob({
    name: 'resumable-upload-cleanup',
    db: options.db,
    intervalMs: options.intervalMs ?? UPLOAD_CLEANUP_INTERVAL_MS,
    log: options.log,
    run: async (signal) => {
      removedLast = await removeIdle(signal);
    },
  });

  return {
    start: () => job.start(),
    stop: () => job.stop(),
    async runOnce() {
      removedLast = 0;
      await job.runOnce();
      return removedLast;
    },
  };
}
