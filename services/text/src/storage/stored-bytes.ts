import type { Db } from 'mongodb';
import type { CollectionIndexes } from '@platform/service-kit';
import { DATASET_UPLOADS, datasetUploads } from '../uploads/store';

/** Uploads whose bytes are stored: a failed one's file was removed. */
const HOLDING_BYTES = ['uploading', 'completed'] as const;

export const STORAGE_INDEXES: CollectionIndexes[] = [
  {
    collection: DATASET_UPLOADS,
    // The storage quota's sum of a person's upload bytes, read from the index's keys alone.
    indexes: [{ key: { ownerId: 1, status: 1, bytes: 1 }, name: 'owner_status_bytes' }],
  },
];

/** The bytes a person's dataset uploads take, summed by the database. */
export async function storedUploadBytes(db: Db, userId: string): Promise<number> {
  const [sum] = await datasetUploads(db)
    .aggregate<{ bytes: number }>([
      { $match: { ownerId: userId, status: { $in: [...HOLDING_BYTES] } } },
      { $group: { _id: null, bytes: { $sum: '$bytes' } } },
    ])
    .toArray();
  return sum?.bytes ?? 0;
}
