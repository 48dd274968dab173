import type { AudioPairStore } from '../audio-pairs/store';
import type { RecordingStore } from '../recordings/store';

/** The bytes a person's recordings and donated pairs take (their storage quota), summed by the database. */
export async function storedAudioBytes(
  stores: { recordings: RecordingStore; audioPairs: AudioPairStore },
  userId: string,
): Promise<number> {
  const [recorded, donated] = await Promise.all([
    stores.recordings.bytesOf(userId),
    stores.audioPairs.bytesOf(userId),
  ]);
  return recorded + donated;
}
