import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, ObjectId, type Collection, type Db, type Filter } from 'mongodb';
import {
  DATASET_UPLOAD_TYPES,
  REVIEWING_ROLES,
  type DatasetUpload,
  type DatasetUploadImport,
  type DatasetUploadImportKind,
  type DatasetUploadStatus,
  type DatasetUploadSummary,
  type DatasetUploadType,
  type Identity,
} from '@platform/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectionIndexes } from '@platform/service-kit';
import { objectIdOrNull } from '../workspace/common';
import type { Inspection } from './content-inspector';
import { InspectionThread } from './inspection-thread';
import { readUploadRows } from './read-rows';

export const DATASET_UPLOADS = 'dataset_uploads';
/** GridFS bucket of the uploaded files, in the text database (`dataset_files.files`, `.chunks`). */
export const DATASET_FILES_BUCKET = 'dataset_files';

/** Why an upload ended as failed, when nobody was left to answer: the screen looks it up. */
export const UPLOAD_INTERRUPTED = 'upload.interrupted';

export interface StoredImport extends Omit<DatasetUploadImport, 'importedAt'> {
  importedAt: Date;
}

export interface DatasetUploadDoc {
  _id: ObjectId;
  /** The GridFS file holding the bytes (removed when the upload fails or is refused). */
  fileId: ObjectId;
  fileName: string;
  /** The declared type; null while a file sent before its fields streams in. */
  type: DatasetUploadType | null;
  description: string;
  status: DatasetUploadStatus;
  bytes: number;
  sha256?: string;
  importable: DatasetUploadImportKind | null;
  /** Data rows the content holds (CSV records after the header, JSON array elements). */
  rows: number;
  import: StoredImport | null;
  /** Set while an import runs: a second one is refused, not run twice. */
  importing?: boolean;
  quality: number | null;
  ownerId: string;
  /** The uploader's display name as the identity gave it (never an e-mail). */
  uploadedBy: string;
  uploadDate: Date;
  failureCode?: string;
}

export const datasetUploads = (db: Db): Collection<DatasetUploadDoc> =>
  db.collection<DatasetUploadDoc>(DATASET_UPLOADS);

export const DATASET_UPLOAD_INDEXES: CollectionIndexes[] = [
  {
    collection: DATASET_UPLOADS,
    indexes: [
      // A person's own history (and its counts), newest first.
      { key: { ownerId: 1, uploadDate: -1, _id: -1 }, name: 'owner_date' },
      // Everyone's history for reviewers and admins, newest first.
      { key: { uploadDate: -1, _id: -1 }, name: 'date' },
      // The storage quota's sum of a person's upload bytes, read from the index's keys alone.
      { key: { ownerId: 1, status: 1, bytes: 1 }, name: 'owner_status_bytes' },
    ],
  },
];

const buckets = new WeakMap<Db, GridFSBucket>();
export function datasetFiles(db: Db): GridFSBucket {
  let bucket = buckets.get(db);
  if (!bucket) {
    bucket = new GridFSBucket(db, { bucketName: DATASET_FILES_BUCKET });
    buckets.set(db, bucket);
  }
  return bucket;
}

/** Removes a stored file and any chunks written before a failure; a file that is not there is fine. */
export async function deleteDatasetFile(db: Db, fileId: ObjectId) {
  await datasetFiles(db)
    .delete(fileId)
    .catch(() => undefined);
  await db
    .collection(`${DATASET_FILES_BUCKET}.chunks`)
    .deleteMany({ files_id: fileId })
    .catch(() => undefined);
}

/** An upload still `uploading` this long after it began was cut off by a service that stopped. */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Marks uploads left `uploading` by a service that stopped mid-stream (older than ABANDONED_UPLOAD_MS) as
 * failed with `upload.interrupted`, and removes what they had stored. Answers how many there were.
 */
export async function failAbandonedUploads(db: Db, now = new Date()): Promise<number> {
  const abandoned = await datasetUploads(db)
    .find({ status: 'uploading', uploadDate: { $lt: new Date(now.getTime() - ABANDONED_UPLOAD_MS) } })
    .project<{ _id: ObjectId; fileId: ObjectId }>({ _id: 1, fileId: 1 })
    .toArray();
  for (const upload of abandoned) {
    await deleteDatasetFile(db, upload.fileId);
    await datasetUploads(db).updateOne(
      { _id: upload._id, status: 'uploading' },
      { $set: { status: 'failed', failureCode: UPLOAD_INTERRUPTED } },
    );
  }
  return abandoned.length;
}

const SWEEP_RETRY_MS = 2000;

/**
 * Runs failAbandonedUploads once the database answers (the service starts while it is down), retrying until
 * it has; stop() ends the retries (the service is closing).
 */
export function startAbandonedUploadSweep(db: Db, log: FastifyBaseLogger): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    if (stopped) return;
    try {
      const count = await failAbandonedUploads(db);
      if (count > 0) log.warn({ count }, 'uploads cut off by a stop marked as failed');
    } catch (err) {
      if (stopped) return;
      log.debug({ err }, 'could not look for abandoned uploads yet; will retry');
      timer = setTimeout(() => void attempt(), SWEEP_RETRY_MS);
      timer.unref();
    }
  };
  void attempt();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * Counts, hashes and inspects the bytes passing through, without holding them. The inspection runs on its
 * own thread; the bytes move on at the pace it reads them.
 */
class Measure extends Transform {
  readonly hash = createHash('sha256');
  readonly inspector: InspectionThread;
  bytes = 0;

  constructor(inspectionMemoryMb?: number) {
    super();
    this.inspector = new InspectionThread({ memoryMb: inspectionMemoryMb });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    this.inspector.write(chunk).then(() => done(null, chunk), done);
  }
}

export interface StoredUpload {
  fileId: ObjectId;
  bytes: number;
  sha256: string;
  inspection: Inspection;
  /** Why the inspection thread failed, when it did (the inspection then refuses the file). */
  inspectionFailure: Error | null;
}

/**
 * Streams a file into GridFS while hashing and inspecting the same bytes: nothing holds the whole file.
 * On any failure the partial file is removed before the error goes on. `inspectionMemoryMb` bounds the
 * inspection thread's heap (INSPECTION_MEMORY_MB by default).
 */
export async function storeDatasetFile(
  db: Db,
  upload: Readable,
  fileName: string,
  options: { inspectionMemoryMb?: number } = {},
): Promise<StoredUpload> {
  const fileId = new ObjectId();
  const sink = datasetFiles(db).openUploadStreamWithId(fileId, fileName);
  const measure = new Measure(options.inspectionMemoryMb);
  try {
    await pipeline(upload, measure, sink);
  } catch (err) {
    measure.inspector.destroy();
    await deleteDatasetFile(db, fileId);
    throw err;
  }
  const inspection = await measure.inspector.finish();
  return {
    fileId,
    bytes: measure.bytes,
    sha256: measure.hash.digest('hex'),
    inspection,
    inspectionFailure: measure.inspector.failure,
  };
}

/** The upload as the API shows it (a doc whose type is known). */
export function uploadReply(doc: DatasetUploadDoc & { type: DatasetUploadType }): DatasetUpload {
  return {
    id: doc._id.toHexString(),
    fileName: doc.fileName,
    type: doc.type,
    description: doc.description,
    status: doc.status,
    bytes: doc.bytes,
    ...(doc.sha256 ? { sha256: doc.sha256 } : {}),
    importable: doc.importable,
    import: doc.import ? { ...doc.import, importedAt: doc.import.importedAt.toISOString() } : null,
    quality: doc.quality,
    uploadedBy: doc.uploadedBy,
    uploadDate: doc.uploadDate.toISOString(),
    ...(doc.failureCode ? { failureCode: doc.failureCode } : {}),
  };
}

/** Uploads whose bytes are stored: a failed one's file was removed. */
const HOLDING_BYTES = ['uploading', 'completed'] as const;

/** Reviewers and admins see every upload; everyone else their own. */
const seesAll = (identity: Identity) => (REVIEWING_ROLES as readonly string[]).includes(identity.role);

/** The uploads a person may see, whose type is known (one sent before its fields is not shown yet). */
const visibleTo = (identity: Identity): Filter<DatasetUploadDoc> => ({
  ...(seesAll(identity) ? {} : { ownerId: identity.id }),
  type: { $in: [...DATASET_UPLOAD_TYPES] },
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** What a new upload is known by before its bytes arrive. */
export type UploadStart = Pick<
  DatasetUploadDoc,
  'fileName' | 'type' | 'description' | 'ownerId' | 'uploadedBy'
>;

/** Dataset uploads and their files: the history, the upload's steps, the import's claim, a person's bytes. */
export function uploadStore(db: Db) {
  const uploads = datasetUploads(db);
  return {
    /** A new upload, shown as uploading while its bytes stream in. */
    async begin(start: UploadStart): Promise<DatasetUploadDoc> {
      const doc: DatasetUploadDoc = {
        _id: new ObjectId(),
        fileId: new ObjectId(),
        ...start,
        status: 'uploading',
        bytes: 0,
        importable: null,
        rows: 0,
        import: null,
        quality: null,
        uploadDate: new Date(),
      };
      await uploads.insertOne(doc);
      return doc;
    },

    /** See storeDatasetFile. */
    storeFile: (upload: Readable, fileName: string, options: { inspectionMemoryMb?: number } = {}) =>
      storeDatasetFile(db, upload, fileName, options),

    /** The stream broke (the sender went away): the upload is marked failed and its bytes removed. */
    async interrupted(upload: Pick<DatasetUploadDoc, '_id' | 'fileId'>): Promise<void> {
      await deleteDatasetFile(db, upload.fileId);
      await uploads.updateOne(
        { _id: upload._id },
        { $set: { status: 'failed', failureCode: UPLOAD_INTERRUPTED } },
      );
    },

    async fileStored(upload: Pick<DatasetUploadDoc, '_id'>, fileId: ObjectId): Promise<void> {
      await uploads.updateOne({ _id: upload._id }, { $set: { fileId } });
    },

    async completed(
      upload: Pick<DatasetUploadDoc, '_id'>,
      fields: Pick<
        DatasetUploadDoc,
        'type' | 'description' | 'status' | 'bytes' | 'sha256' | 'importable' | 'rows'
      >,
    ): Promise<void> {
      await uploads.updateOne({ _id: upload._id }, { $set: fields });
    },

    /** A refused upload leaves nothing behind: its file and its record go. */
    async forget(upload: Pick<DatasetUploadDoc, '_id' | 'fileId'>): Promise<void> {
      await deleteDatasetFile(db, upload.fileId);
      await uploads.deleteOne({ _id: upload._id });
    },

    /** A page of the uploads a person may see, newest first, with how many match. */
    async page(
      identity: Identity,
      query: { q?: string; type?: DatasetUploadType; status?: DatasetUploadStatus },
      page: number,
      pageSize: number,
    ): Promise<{ docs: DatasetUploadDoc[]; total: number }> {
      const filter = visibleTo(identity);
      if (query.type) filter.type = query.type;
      if (query.status) filter.status = query.status;
      const search = query.q?.trim();
      if (search) {
        const pattern = { $regex: escapeRegExp(search.normalize('NFC')), $options: 'i' };
        filter.$or = [{ fileName: pattern }, { description: pattern }];
      }
      const [docs, total] = await Promise.all([
        uploads
          .find(filter, { sort: { uploadDate: -1, _id: -1 }, skip: (page - 1) * pageSize, limit: pageSize })
          .toArray(),
        uploads.countDocuments(filter),
      ]);
      return { docs, total };
    },

    /** The counts above a person's history: all, completed, and waiting (uploading, or not yet imported). */
    async summary(identity: Identity): Promise<DatasetUploadSummary> {
      const [counts] = await uploads
        .aggregate<DatasetUploadSummary>([
          { $match: visibleTo(identity) },
          {
            $group: {
              _id: null,
              total: { $sum: 1 },
              successful: { $sum: { $cond: [{ $eq: ['$status', 'completed'] }, 1, 0] } },
              pending: {
                $sum: {
                  $cond: [
                    {
                      $or: [
                        { $eq: ['$status', 'uploading'] },
                        {
                          $and: [
                            { $eq: ['$status', 'completed'] },
                            { $ne: ['$importable', null] },
                            { $eq: ['$import', null] },
                          ],
                        },
                      ],
                    },
                    1,
                    0,
                  ],
                },
              },
            },
          },
          { $project: { _id: 0, total: 1, successful: 1, pending: 1 } },
        ])
        .toArray();
      return counts ?? { total: 0, successful: 0, pending: 0 };
    },

    /** An upload by its id; null when there is none (or `id` cannot be one). */
    async get(id: string): Promise<DatasetUploadDoc | null> {
      const _id = objectIdOrNull(id);
      return _id ? uploads.findOne({ _id }) : null;
    },

    /** The stored bytes of an upload, as they stream. */
    openFile: (upload: Pick<DatasetUploadDoc, 'fileId'>) =>
      datasetFiles(db).openDownloadStream(upload.fileId),

    /** See readUploadRows. */
    readRows: (upload: Pick<DatasetUploadDoc, 'fileId'>, type: 'csv' | 'json') =>
      readUploadRows(datasetFiles(db).openDownloadStream(upload.fileId), type),

    /** One import at a time: false for a second caller (or one already imported). */
    async claimImport(upload: Pick<DatasetUploadDoc, '_id'>): Promise<boolean> {
      const claimed = await uploads.findOneAndUpdate(
        { _id: upload._id, import: null, importing: { $ne: true } },
        { $set: { importing: true } },
      );
      return claimed !== null;
    },

    async imported(
      upload: Pick<DatasetUploadDoc, '_id'>,
      imported: StoredImport,
      quality: number,
    ): Promise<void> {
      await uploads.updateOne(
        { _id: upload._id },
        { $set: { import: imported, quality }, $unset: { importing: '' } },
      );
    },

    /** The claim goes when an import fails, so it can be tried again. */
    async importFailed(upload: Pick<DatasetUploadDoc, '_id'>): Promise<void> {
      await uploads.updateOne({ _id: upload._id }, { $unset: { importing: '' } });
    },

    /** The bytes a person's dataset uploads take, summed by the database. */
    async storedBytes(userId: string): Promise<number> {
      const [sum] = await uploads
        .aggregate<{ bytes: number }>([
          { $match: { ownerId: userId, status: { $in: [...HOLDING_BYTES] } } },
          { $group: { _id: null, bytes: { $sum: '$bytes' } } },
        ])
        .toArray();
      return sum?.bytes ?? 0;
    },

    /** A deleted account's uploads go, their stored files first (an upload is theirs, not a licensed gift). */
    async removeOwn(userId: string): Promise<void> {
      const own = await uploads.find({ ownerId: userId }, { projection: { fileId: 1 } }).toArray();
      for (const upload of own) await deleteDatasetFile(db, upload.fileId);
      await uploads.deleteMany({ ownerId: userId });
    },
  };
}

export type UploadStore = ReturnType<typeof uploadStore>;
