import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Binary, ObjectId, type Db } from 'mongodb';
import type { ResumableUploadPurpose } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';

/** Uploads under way: what is coming and how much of it has arrived. */
export const RESUMABLE_UPLOADS = 'resumable_uploads';
/** Their bytes, in pieces as GridFS keeps a file's (`{ uploadId, n, data }`), each written whole. */
export const RESUMABLE_UPLOAD_CHUNKS = 'resumable_upload_chunks';

export interface ResumableUploadDoc {
  _id: ObjectId;
  /** The person in the session that began it; nobody else sees it. */
  ownerId: string;
  purpose: ResumableUploadPurpose;
  size: number;
  /** Bytes held, from the start of the file: always a whole number of pieces, or the whole file. */
  received: number;
  /** The piece size it was begun with. */
  chunkBytes: number;
  sha256?: string;
  contentType?: string;
  createdAt: Date;
  /** The last time bytes arrived (or it was begun): an upload idle for a day is removed. */
  updatedAt: Date;
  /** Set while a route turns the finished upload into something else (a donation), so two cannot. */
  claimedUntil?: Date;
}

export interface ResumableUploadChunkDoc {
  _id: ObjectId;
  uploadId: ObjectId;
  n: number;
  data: Binary;
}

export const RESUMABLE_UPLOAD_INDEXES: CollectionIndexes[] = [
  {
    collection: RESUMABLE_UPLOADS,
    indexes: [
      // The storage quota's sum of a person's bytes under way (from the index's keys alone), and erasure.
      { key: { ownerId: 1, received: 1 }, name: 'owner_received' },
      // The cleanup's uploads left idle.
      { key: { updatedAt: 1 }, name: 'updated' },
    ],
  },
  {
    collection: RESUMABLE_UPLOAD_CHUNKS,
    indexes: [{ key: { uploadId: 1, n: 1 }, name: 'upload_n_unique', unique: true }],
  },
];

/** An upload id is ObjectId hex; anything else names no upload. */
const uploadId = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** A stored piece's bytes, without copying them. */
const bytesOf = (piece: ResumableUploadChunkDoc): Buffer => {
  const bytes = piece.data.buffer;
  return Buffer.from(bytes.buffer, bytes.byteOffset, piece.data.length());
};

/** Chunk documents removed per request, so one cleanup of a big upload is never one huge delete. */
const IDS_PER_DELETE = 500;

/**
 * Resumable uploads: each is kept in whole pieces, so a connection cut mid-piece leaves the upload exactly at
 * the end of its last whole piece. Every query is scoped to the owner: a person never reaches another's.
 */
export function resumableUploadStore(db: Db) {
  const uploads = db.collection<ResumableUploadDoc>(RESUMABLE_UPLOADS);
  const chunks = db.collection<ResumableUploadChunkDoc>(RESUMABLE_UPLOAD_CHUNKS);

  const removeChunks = async (ids: ObjectId[]) => {
    for (let i = 0; i < ids.length; i += IDS_PER_DELETE) {
      await chunks.deleteMany({ uploadId: { $in: ids.slice(i, i + IDS_PER_DELETE) } });
    }
  };

  /** The stored pieces, in order, one at a time (never the whole file in memory). */
  const pieces = (id: ObjectId) => chunks.find({ uploadId: id }).sort({ n: 1 }).batchSize(4);

  return {
    async create(doc: Omit<ResumableUploadDoc, '_id' | 'received'>): Promise<ResumableUploadDoc> {
      const full: ResumableUploadDoc = { _id: new ObjectId(), received: 0, ...doc };
      await uploads.insertOne(full);
      return full;
    },

    /** One's own upload; null for an upload that is not there or is someone else's. */
    find: (id: string, ownerId: string) => {
      const _id = uploadId(id);
      return _id ? uploads.findOne({ _id, ownerId }) : Promise.resolve(null);
    },

    /** Keeps piece `n` (again, when a try was cut off after writing it but before its count moved). */
    async writePiece(upload: ResumableUploadDoc, n: number, data: Buffer) {
      await chunks.replaceOne(
        { uploadId: upload._id, n },
        { uploadId: upload._id, n, data: new Binary(data) },
        { upsert: true },
      );
    },

    /**
     * Moves the upload's count from `from` to `to` once piece `n` is kept: false when the count was no longer
     * `from` (another request moved it first, or the upload is gone).
     */
    async advance(upload: ResumableUploadDoc, n: number, from: number, to: number, at: Date) {
      const moved = await uploads.updateOne(
        { _id: upload._id, ownerId: upload.ownerId, received: from },
        { $set: { received: to, updatedAt: at } },
      );
      if (moved.modifiedCount === 1) return true;
      // Removed meanwhile (used up, or cleaned away): the piece must not outlive it.
      if (!(await uploads.findOne({ _id: upload._id }, { projection: { _id: 1 } }))) {
        await chunks.deleteOne({ uploadId: upload._id, n });
      }
      return false;
    },

    /** The SHA-256 of the pieces stored, read back in order. */
    async sha256Of(id: ObjectId): Promise<string> {
      const hash = createHash('sha256');
      for await (const piece of pieces(id)) hash.update(bytesOf(piece));
      return hash.digest('hex');
    },

    /** Drops every piece: the upload starts again from its first byte. */
    async restart(upload: ResumableUploadDoc, at: Date) {
      await uploads.updateOne(
        { _id: upload._id, ownerId: upload.ownerId },
        { $set: { received: 0, updatedAt: at } },
      );
      await removeChunks([upload._id]);
    },

    /** The upload's bytes as a stream, piece by piece. */
    stream(id: ObjectId): Readable {
      return Readable.from(
        (async function* () {
          for await (const piece of pieces(id)) yield bytesOf(piece);
        })(),
      );
    },

    /**
     * Takes one's own finished upload for a while (`until`), so that no other request uses it meanwhile:
     * `missing` when it is not there or not theirs (or another request holds it), `unfinished` while bytes
     * are still to come.
     */
    async claim(
      id: string,
      ownerId: string,
      now: Date,
      until: Date,
    ): Promise<ResumableUploadDoc | 'missing' | 'unfinished'> {
      const _id = uploadId(id);
      const found = _id ? await uploads.findOne({ _id, ownerId }) : null;
      if (!found) return 'missing';
      if (found.received !== found.size) return 'unfinished';
      const claimed = await uploads.findOneAndUpdate(
        {
          _id: found._id,
          ownerId,
          received: found.size,
          $or: [{ claimedUntil: { $exists: false } }, { claimedUntil: { $lte: now } }],
        },
        { $set: { claimedUntil: until } },
        { returnDocument: 'after' },
      );
      return claimed ?? 'missing';
    },

    /** Gives a claimed upload back unused (what used it was refused). */
    async release(id: ObjectId) {
      await uploads.updateOne({ _id: id }, { $unset: { claimedUntil: '' } });
    },

    /** Removes uploads and their bytes (used up, or left idle). */
    async remove(ids: ObjectId[]) {
      if (!ids.length) return;
      // Bytes first: a removal stopped half-way leaves an upload whose next cleanup finishes it, never
      // pieces that nothing points to.
      await removeChunks(ids);
      await uploads.deleteMany({ _id: { $in: ids } });
    },

    /** Ids of uploads nobody has added to since `before` (at most `limit`). */
    async idleSince(before: Date, limit: number): Promise<ObjectId[]> {
      const found = await uploads
        .find({ updatedAt: { $lt: before } }, { projection: { _id: 1 } })
        .limit(limit)
        .toArray();
      return found.map((u) => u._id);
    },

    /** How many uploads a person has open (begun, not used up nor cleaned away), from the owner index alone. */
    openCount: (ownerId: string) => uploads.countDocuments({ ownerId }, { hint: 'owner_received' }),

    /** Bytes of a person's uploads under way (their storage quota counts them). */
    async bytesOf(ownerId: string): Promise<number> {
      const [row] = await uploads
        .aggregate<{ bytes: number }>([
          { $match: { ownerId } },
          { $group: { _id: null, bytes: { $sum: '$received' } } },
        ])
        .toArray();
      return row?.bytes ?? 0;
    },

    /** A deleted account's uploads under way go with it: nothing of them was given to anyone yet. */
    async forget(ownerId: string) {
      const ids = (await uploads.find({ ownerId }, { projection: { _id: 1 } }).toArray()).map((u) => u._id);
      await removeChunks(ids);
      await uploads.deleteMany({ ownerId });
    },
  };
}

export type ResumableUploadStore = ReturnType<typeof resumableUploadStore>;
