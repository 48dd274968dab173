import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, ObjectId, type Collection, type Db } from 'mongodb';
import type {
  DatasetUpload,
  DatasetUploadImport,
  DatasetUploadImportKind,
  DatasetUploadStatus,
  DatasetUploadType,
} from '@platform/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectionIndexes } from '@platform/service-kit';
import type { Inspection } from './content-inspector';
import { InspectionThread } from './inspection-thread';

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
