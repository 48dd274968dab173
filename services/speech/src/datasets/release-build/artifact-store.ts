import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import type { ReleaseArtifactName } from '@platform/contracts';
import { RELEASE_BUCKET, RELEASE_CHUNK_BYTES } from '../dataset-collections';

export interface StoredArtifact {
  fileId: ObjectId;
  bytes: number;
  sha256: string;
}

/** What every file of a release carries in `release_files.files.metadata`. */
export interface ReleaseFileMetadata {
  releaseId: ObjectId;
  datasetId: string;
  artifact: ReleaseArtifactName;
  contentType: string;
}

/**
 * Every file a build starts, noted before its first chunk is written: GridFS writes the files document only
 * at the end, so the chunks of a build that crashed half-way can only be found from this list.
 */
export const BUILD_FILES = 'release_build_files';
interface BuildFileDoc {
  _id: ObjectId;
  releaseId: ObjectId;
  createdAt: Date;
}
const buildFiles = (db: Db) => db.collection<BuildFileDoc>(BUILD_FILES);

export const releaseBucket = (db: Db) =>
  new GridFSBucket(db, { bucketName: RELEASE_BUCKET, chunkSizeBytes: RELEASE_CHUNK_BYTES });

/**
 * A Transform that hashes and counts what passes; `passed(n)` resolves once `n` bytes have gone through (the
 * producer's back-pressure: the zip library queues whatever it is given without waiting).
 */
class HashCounter extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  private waiters: Array<{ until: number; resolve: () => void }> = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.push(chunk);
    if (this.waiters.length) {
      const still: typeof this.waiters = [];
      for (const w of this.waiters) {
        if (w.until <= this.bytes) w.resolve();
        else still.push(w);
      }
      this.waiters = still;
    }
    callback();
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  passed(until: number): Promise<void> {
    if (until <= this.bytes) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ until, resolve }));
  }

  /** Wakes every waiter (the stream failed or ended). */
  release(): void {
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
  }
}

/**
 * Streams one artifact into the release bucket, computing its SHA-256 and size on the way; the bytes are never
 * held whole. `done` settles when the file is stored.
 */
export class ArtifactUpload {
  private readonly counter = new HashCounter();
  readonly done: Promise<StoredArtifact>;

  private constructor(
    db: Db,
    readonly fileId: ObjectId,
    source: Readable,
    filename: string,
    metadata: ReleaseFileMetadata,
  ) {
    const upload = releaseBucket(db).openUploadStreamWithId(fileId, filename, { metadata });
    this.done = pipeline(source, this.counter, upload)
      .then(() => ({ fileId, bytes: this.counter.bytes, sha256: this.counter.digest() }))
      .finally(() => this.counter.release());
    // Read through `done`; never left unobserved while the producer is still busy.
    this.done.catch(() => undefined);
  }

  /** Notes the file as being built (BUILD_FILES), then streams `source` into it. */
  static async start(
    db: Db,
    source: Readable,
    filename: string,
    metadata: ReleaseFileMetadata,
  ): Promise<ArtifactUpload> {
    const fileId = new ObjectId();
    await buildFiles(db).insertOne({ _id: fileId, releaseId: metadata.releaseId, createdAt: new Date() });
    return new ArtifactUpload(db, fileId, source, filename, metadata);
  }

  get bytes(): number {
    return this.counter.bytes;
  }

  /** Resolves once `bytes` bytes have gone to the store (or the upload ended). */
  passed(bytes: number): Promise<void> {
    return this.counter.passed(bytes);
  }
}

/** The build is over and its files are the release's: they are no longer leftovers to clean up. */
export async function keepReleaseFiles(db: Db, releaseId: ObjectId): Promise<void> {
  await buildFiles(db).deleteMany({ releaseId });
}

/** Removes these files (finished or not) from the release bucket and from the list of started ones. */
export async function deleteFiles(db: Db, ids: ObjectId[]): Promise<void> {
  if (ids.length === 0) return;
  await db.collection(`${RELEASE_BUCKET}.files`).deleteMany({ _id: { $in: ids } });
  await db.collection(`${RELEASE_BUCKET}.chunks`).deleteMany({ files_id: { $in: ids } });
  await buildFiles(db).deleteMany({ _id: { $in: ids } });
}

/** Removes every file a build of this release started: a failed build's, or a crashed one's leftovers. */
export async function deleteReleaseFiles(db: Db, releaseId: ObjectId): Promise<void> {
  const started = await buildFiles(db)
    .find({ releaseId }, { projection: { _id: 1 } })
    .toArray();
  await deleteFiles(
    db,
    started.map((f) => f._id),
  );
}
