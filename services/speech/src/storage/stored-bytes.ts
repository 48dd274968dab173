import type { AudioPairStore } from '../audio-pairs/store';
import type { RecordingStore } from '../recordings/store';
import type { ResumableUploadStore } from '../resumable-uploads/store';

/**
 * The bytes a person's recordings, donated pairs and uploads under way take (their storage quota), summed by
 * the database.
 */
export async function storedAudioBytes(
  stores: { recordings: RecordingStore; audioPairs: AudioPairStore; resumableUploads: ResumableUploadStore },
  userId: string,
): Promise<number> {
  const [recorded, donated, underWay] = await Promise.all([
    stores.recordings.bytesOf(userId),
    stores.audioPairs.bytesOf(userId),
    stores.resumableUploads.bytesOf(userId),
  ]);
  return recorded + donated + underWay;
}
