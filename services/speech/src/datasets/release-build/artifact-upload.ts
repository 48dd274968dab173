import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectId } from 'mongodb';
import type { ReleaseArtifactName } from '@platform/contracts';
import type { DatasetStore } from '../store';

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
    store: DatasetStore,
    readonly fileId: ObjectId,
    source: Readable,
    filename: string,
    metadata: ReleaseFileMetadata,
  ) {
    const upload = store.releaseBucket().openUploadStreamWithId(fileId, filename, { metadata });
    this.done = pipeline(source, this.counter, upload)
      .then(() => ({ fileId, bytes: this.counter.bytes, sha256: this.counter.digest() }))
      .finally(() => this.counter.release());
    // Read through `done`; never left unobserved while the producer is still busy.
    this.done.catch(() => undefined);
  }

  /** Notes the file as being built (so a crash's leftovers can be found), then streams `source` into it. */
  static async start(
    store: DatasetStore,
    source: Readable,
    filename: string,
    metadata: ReleaseFileMetadata,
  ): Promise<ArtifactUpload> {
    const fileId = new ObjectId();
    await store.noteBuildFile(fileId, metadata.releaseId);
    return new ArtifactUpload(store, fileId, source, filename, metadata);
  }

  get bytes(): number {
    return this.counter.bytes;
  }

  /** Resolves once `bytes` bytes have gone to the store (or the upload ended). */
  passed(bytes: number): Promise<void> {
    return this.counter.passed(bytes);
  }
}
