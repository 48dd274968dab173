import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import { createAudioProbe, type Container, type ProbeResult } from '@platform/audio-probe';
import { AUDIO_BUCKET } from '../collections';

export const CONTENT_TYPES: Record<Container, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

// One bucket per database: a bucket checks its indexes on its first upload only, so a fresh bucket per
// upload would repeat that check (several round trips) every time.
const buckets = new WeakMap<Db, GridFSBucket>();
export function audioBucket(db: Db): GridFSBucket {
  let bucket = buckets.get(db);
  if (!bucket) {
    bucket = new GridFSBucket(db, { bucketName: AUDIO_BUCKET });
    buckets.set(db, bucket);
  }
  return bucket;
}

export interface StoredAudio {
  fileId: ObjectId;
  bytes: number;
  probe: ProbeResult;
}

/**
 * Streams an upload into GridFS while the probe reads the same bytes (a tee): neither branch ever holds the
 * whole file. The caller decides from `probe` whether to keep it, and deletes it otherwise.
 */
export async function storeWhileProbing(
  db: Db,
  upload: Readable,
  options: { maxBytes: number; metadata: Record<string, unknown>; filename?: string },
): Promise<StoredAudio> {
  const bucket = audioBucket(db);
  const fileId = new ObjectId();
  const sink = bucket.openUploadStreamWithId(fileId, options.filename ?? fileId.toHexString(), {
    metadata: options.metadata,
  });
  const probe = createAudioProbe({ maxBytes: options.maxBytes });
  const tee = new PassThrough();
  let bytes = 0;
  tee.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  tee.pipe(probe);
  try {
    await pipeline(upload, tee, sink);
  } catch (err) {
    probe.destroy();
    await deleteAudio(db, fileId);
    throw err;
  }
  return { fileId, bytes, probe: await probe.result };
}

/** Removes a stored file and any chunks written before a failure; a file that is not there is fine. */
export async function deleteAudio(db: Db, fileId: ObjectId) {
  await audioBucket(db)
    .delete(fileId)
    .catch(() => undefined);
  await db
    .collection(`${AUDIO_BUCKET}.chunks`)
    .deleteMany({ files_id: fileId })
    .catch(() => undefined);
}
