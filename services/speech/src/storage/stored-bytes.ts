import type { Db } from 'mongodb';
import type { CollectionIndexes } from '@platform/service-kit';
import { C, collections } from '../collections';

export const STORAGE_INDEXES: CollectionIndexes[] = [
  // The storage quota's sums of a person's audio, read from the indexes' keys alone.
  { collection: C.recordings, indexes: [{ key: { speakerId: 1, bytes: 1 }, name: 'speaker_bytes' }] },
  {
    collection: C.audioPairs,
    indexes: [{ key: { donorId: 1, sourceBytes: 1, targetBytes: 1 }, name: 'donor_bytes' }],
  },
];

/** The bytes a person's recordings and donated pairs take, summed by the database. */
export async function storedAudioBytes(db: Db, userId: string): Promise<number> {
  const col = collections(db);
  const [recorded, donated] = await Promise.all([
    col.recordings
      .aggregate<{ bytes: number }>([
        { $match: { speakerId: userId } },
        { $group: { _id: null, bytes: { $sum: '$bytes' } } },
      ])
      .toArray(),
    col.audioPairs
      .aggregate<{ bytes: number }>([
        { $match: { donorId: userId } },
        { $group: { _id: null, bytes: { $sum: { $add: ['$sourceBytes', '$targetBytes'] } } } },
      ])
      .toArray(),
  ]);
  return (recorded[0]?.bytes ?? 0) + (donated[0]?.bytes ?? 0);
}
