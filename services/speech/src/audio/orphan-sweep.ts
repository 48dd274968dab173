import type { Db, ObjectId } from 'mongodb';
import { leasedJob, type CollectionIndexes, type JobLog } from '@platform/service-kit';
import { AUDIO_PAIRS } from '../audio-pairs/store';
import { RECORDINGS } from '../recordings/store';
import { AUDIO_BUCKET, AUDIO_RENDITIONS, audioOrphanStore } from './store';

/**
 * How old an unowned file must be before it is removed: a recording or donation stores its audio first and
 * its record a moment later, so a young file nobody owns may simply be one whose record is on its way.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** How often the bucket is looked through. */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Files checked per round: one `$in` per owner collection answers a whole round from an index. */
const BATCH = 500;

/**
 * What the ownership checks read: each owner's file id field, indexed, so a round of `$in` is answered from
 * the index; and the bucket's files by upload time, so a pass reads old files only.
 */
export const ORPHAN_SWEEP_INDEXES: CollectionIndexes[] = [
  { collection: RECORDINGS, indexes: [{ key: { audioFileId: 1 }, name: 'audio_file' }] },
  {
    collection: AUDIO_PAIRS,
    indexes: [
      { key: { sourceFileId: 1 }, name: 'source_file' },
      { key: { targetFileId: 1 }, name: 'target_file' },
    ],
  },
  { collection: AUDIO_RENDITIONS, indexes: [{ key: { fileId: 1 }, name: 'rendition_file' }] },
  { collection: `${AUDIO_BUCKET}.files`, indexes: [{ key: { uploadDate: 1 }, name: 'uploadDate' }] },
];

export interface OrphanSweepResult {
  /** Finished files (a files document and its chunks) no recording, audio pair or rendition names. */
  files: number;
  /** Files whose upload never finished (chunks without a files document: a process killed mid-upload). */
  unfinished: number;
}

export interface OrphanSweep {
  start(): void;
  stop(): Promise<void>;
  /** One pass now (tests): what it removed. */
  runOnce(): Promise<OrphanSweepResult>;
}

/**
 * Removes audio that no record owns once it is older than the grace: the files of a recording or donation
 * whose process died between storing the audio and writing the record (the audio always goes first, so a
 * kill leaves an orphan here and never a record without audio), and the chunks of an upload cut off
 * mid-stream (GridFS writes the files document last). Resumable uploads keep their bytes in their own
 * collection (their cleanup removes them) and release builds track their own files, so only the audio
 * bucket is swept. The cursors are streamed and checked in rounds, never loaded whole; one process at a
 * time runs it (a lease in MongoDB).
 */
export function createOrphanSweep(options: {
  db: Db;
  log: JobLog;
  now: () => Date;
  graceMs?: number;
  intervalMs?: number;
}): OrphanSweep {
  const { db, now } = options;
  const graceMs = options.graceMs ?? ORPHAN_GRACE_MS;
  const store = audioOrphanStore(db, [
    { collection: RECORDINGS, field: 'audioFileId' },
    { collection: AUDIO_PAIRS, field: 'sourceFileId' },
    { collection: AUDIO_PAIRS, field: 'targetFileId' },
    { collection: AUDIO_RENDITIONS, field: 'fileId' },
  ]);

  function sweepFiles(cutoff: Date, signal?: AbortSignal): Promise<number> {
    return inRounds(
      store.filesBefore(cutoff, BATCH),
      (file) => file._id,
      async (round) => {
        const owned = await store.ownedOf(round);
        const orphans = round.filter((id) => !owned.has(String(id)));
        if (orphans.length) await store.removeFiles(orphans);
        return orphans.length;
      },
      signal,
    );
  }

  /**
   * Chunks whose file was started before the cutoff (the id is an ObjectId made when the upload began, so it
   * carries that time) and has no files document. Read in `files_id` order from the chunks' own index, each
   * file's id once.
   */
  function sweepUnfinished(cutoff: Date, signal?: AbortSignal): Promise<number> {
    let last = '';
    return inRounds(
      store.chunkFilesBefore(cutoff, BATCH),
      (chunk) => {
        const id = String(chunk.files_id);
        if (id === last) return null;
        last = id;
        return chunk.files_id;
      },
      async (round) => {
        const done = await store.finishedOf(round);
        const cut = round.filter((id) => !done.has(String(id)));
        if (cut.length) await store.removeChunksOf(cut);
        return cut.length;
      },
      signal,
    );
  }

  let result: OrphanSweepResult = { files: 0, unfinished: 0 };
  const job = leasedJob({
    name: 'audio-orphan-sweep',
    db,
    intervalMs: options.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS,
    log: options.log,
    run: async (signal) => {
      const cutoff = new Date(now().getTime() - graceMs);
      const removedFiles = await sweepFiles(cutoff, signal);
      result = { files: removedFiles, unfinished: await sweepUnfinished(cutoff, signal) };
    },
  });

  return {
    start: () => job.start(),
    stop: () => job.stop(),
    async runOnce() {
      result = { files: 0, unfinished: 0 };
      await job.runOnce();
      return result;
    },
  };
}

/**
 * Hands the ids a cursor yields to `remove` a round of BATCH at a time (null: skip that document), and adds up
 * what it removed; stops at the next document once `signal` is aborted, and always closes the cursor.
 */
async function inRounds<T>(
  cursor: AsyncIterable<T> & { close(): Promise<void> },
  idOf: (doc: T) => ObjectId | null,
  remove: (round: ObjectId[]) => Promise<number>,
  signal?: AbortSignal,
): Promise<number> {
  let removed = 0;
  let round: ObjectId[] = [];
  try {
    for await (const doc of cursor) {
      if (signal?.aborted) return removed;
      const id = idOf(doc);
      if (!id) continue;
      round.push(id);
      if (round.length === BATCH) {
        removed += await remove(round);
        round = [];
      }
    }
    if (round.length && !signal?.aborted) removed += await remove(round);
  } finally {
    await cursor.close();
  }
  return removed;
}
