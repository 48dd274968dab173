import { getInternalStoredBytesSpeech, getInternalStoredBytesText } from '@platform/contracts';
import type { ServiceClient } from '@platform/service-kit';

/** What a person stores, summed by the services that store it (503 when one cannot say). */
export type StoredBytesReader = (userId: string) => Promise<number>;

export function storedBytesReader(text: ServiceClient, speech: ServiceClient): StoredBytesReader {
  return async (userId) => {
    const params = { id: userId };
    const [uploads, audio] = await Promise.all([
      text.call(getInternalStoredBytesText, { params }),
      speech.call(getInternalStoredBytesSpeech, { params }),
    ]);
    return uploads.bytes + audio.bytes;
  };
}
