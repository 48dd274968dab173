import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import { createAudioProbe, type Container, type ProbeResult } from '@platform/audio-probe';
import { isDuplicateKey, type CollectionIndexes } from '@platform/service-kit';

/** GridFS bucket holding every recording's and every donation's audio (audio.files / audio.chunks). */
export const AUDIO_BUCKET = 'audio';

/** The bucket's own indexes, made at start rather than by the driver on a first upload. */
export const AUDIO_INDEXES: CollectionIndexes[] = [
  {
    collection: `${AUDIO_BUCKET}.files`,
    indexes: [{ key: { filename: 1, uploadDate: 1 }, name: 'filename_uploadDate' }],
  },
  {
    collection: `${AUDIO_BUCKET}.chunks`,
    indexes: [{ key: { files_id: 1, n: 1 }, name: 'files_id_n_unique', unique: true }],
  },
];

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

/** The small renditions made so far (data saver): one per original file, `_id` being the original's file id. */
export const AUDIO_RENDITIONS = 'audio_renditions';

export interface RenditionDoc {
  /** The original's GridFS file id: a second rendition of the same file cannot be recorded. */
  _id: ObjectId;
  fileId: ObjectId;
  bytes: number;
  createdAt: Date;
}

/** Ids per `$in`: small enough for every server to answer from the _id index. */
const ID_CHUNK = 500;

/** The stored audio of recordings and donations: streamed in while probed, read whole or by range, removed. */
export function audioStore(db: Db) {
  const files = db.collection(`${AUDIO_BUCKET}.files`);
  const renditions = db.collection<RenditionDoc>(AUDIO_RENDITIONS);
  return {
    bucket: () => audioBucket(db),

    store: (
      upload: Readable,
      options: { maxBytes: number; metadata: Record<string, unknown>; filename?: string },
    ) => storeWhileProbing(db, upload, options),

    delete: (fileId: ObjectId) => deleteAudio(db, fileId),

    /** A stored file's length and upload time; null when it is not there. */
    file: (fileId: ObjectId) => audioBucket(db).find({ _id: fileId }).limit(1).next(),

    /** One stored file, whole (a release build decodes it). */
    async readAll(fileId: ObjectId): Promise<Buffer> {
      const parts: Buffer[] = [];
      for await (const chunk of audioBucket(db).openDownloadStream(fileId)) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    },

    /**
     * These files' metadata `field` (the speaker or donor) names `pseudonym` where it named `userId`: a
     * deleted account's files stay, without a link back to them.
     */
    async renameOwner(ids: ObjectId[], field: string, userId: string, pseudonym: string): Promise<void> {
      for (let i = 0; i < ids.length; i += ID_CHUNK) {
        await files.updateMany(
          { _id: { $in: ids.slice(i, i + ID_CHUNK) }, [field]: userId },
          { $set: { [field]: pseudonym } },
        );
      }
    },

    /** The file id of an original's small rendition, if one was made. */
    async smallRenditionOf(original: ObjectId): Promise<ObjectId | null> {
      return (await renditions.findOne({ _id: original }))?.fileId ?? null;
    },

    /**
     * Keeps `bytes` as the original's small rendition (in the bucket, beside it) and records it; when another
     * instance recorded one first, this copy is removed and that one's file id returned.
     */
    async keepSmallRendition(original: ObjectId, bytes: Buffer, at: Date): Promise<ObjectId | null> {
      const fileId = new ObjectId();
      await new Promise<void>((resolve, reject) => {
        audioBucket(db)
          .openUploadStreamWithId(fileId, `${original.toHexString()}.small.ogg`, {
            metadata: { renditionOf: original, rendition: 'small' },
          })
          .on('finish', () => resolve())
          .on('error', reject)
          .end(bytes);
      });
      try {
        await renditions.insertOne({ _id: original, fileId, bytes: bytes.length, createdAt: at });
        return fileId;
      } catch (err) {
        await deleteAudio(db, fileId);
        if (!isDuplicateKey(err)) throw err;
        return (await renditions.findOne({ _id: original }))?.fileId ?? null;
      }
    },
  };
}

export type AudioStore = ReturnType<typeof audioStore>;

/** A file's owner: a collection and the field naming the file. */
export interface AudioOwner {
  collection: string;
  field: string;
}

/**
 * The queries of the sweep of audio no record owns (orphan-sweep.ts): the bucket's files by age, the
 * chunks of files started before a time, which of some files their owners name, and their removal.
 */
export function audioOrphanStore(db: Db, owners: readonly AudioOwner[]) {
  const files = db.collection<{ _id: ObjectId; uploadDate: Date }>(`${AUDIO_BUCKET}.files`);
  const chunks = db.collection<{ files_id: ObjectId }>(`${AUDIO_BUCKET}.chunks`);
  return {
    /** The finished files stored before `cutoff`, oldest first, streamed `batch` at a time. */
    filesBefore: (cutoff: Date, batch: number) =>
      files
        .find({ uploadDate: { $lt: cutoff } }, { projection: { _id: 1 } })
        .sort({ uploadDate: 1 })
        .batchSize(batch),

    /** The file id of every chunk of a file started before `cutoff` (its id carries that time), in id order. */
    chunkFilesBefore: (cutoff: Date, batch: number) =>
      chunks
        .find({ files_id: { $lt: ObjectId.createFromTime(Math.floor(cutoff.getTime() / 1000)) } })
        .project<{ files_id: ObjectId }>({ _id: 0, files_id: 1 })
        .sort({ files_id: 1 })
        .batchSize(batch),

    /** Of these file ids, those some owner names. */
    async ownedOf(ids: ObjectId[]): Promise<Set<string>> {
      const owned = new Set<string>();
      for (const { collection, field } of owners) {
        const found = await db
          .collection(collection)
          .find({ [field]: { $in: ids } }, { projection: { _id: 0, [field]: 1 } })
          .toArray();
        for (const doc of found) owned.add(String(doc[field]));
      }
      return owned;
    },

    /** Of these file ids, those whose upload finished (a files document exists). */
    async finishedOf(ids: ObjectId[]): Promise<Set<string>> {
      const found = await files.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray();
      return new Set(found.map((f) => String(f._id)));
    },

    /** Files first, then chunks: a removal stopped half-way leaves unfinished chunks, which the next pass takes. */
    async removeFiles(ids: ObjectId[]) {
      await files.deleteMany({ _id: { $in: ids } });
      await chunks.deleteMany({ files_id: { $in: ids } });
    },

    removeChunksOf: async (ids: ObjectId[]) => {
      await chunks.deleteMany({ files_id: { $in: ids } });
    },
  };
}
