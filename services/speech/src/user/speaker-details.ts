import type { SpeakerDetails } from '@platform/contracts';
import type { Collections } from '../collections';

export const NO_SPEAKER_DETAILS: SpeakerDetails = { ageRange: null, gender: null, accent: null };

/** The person's speaker details, all null when none were given. */
export async function speakerDetailsOf(col: Collections, userId: string): Promise<SpeakerDetails> {
  const doc = await col.speakerDetails.findOne({ _id: userId });
  return doc ? { ageRange: doc.ageRange, gender: doc.gender, accent: doc.accent } : NO_SPEAKER_DETAILS;
}

/**
 * Saves the details as sent (a null clears one; an accent of only spaces is none); with nothing left, the
 * document goes, so nothing is kept about someone who gave nothing.
 */
export async function saveSpeakerDetails(
  col: Collections,
  userId: string,
  details: SpeakerDetails,
): Promise<SpeakerDetails> {
  const accent = details.accent?.normalize('NFC').trim() || null;
  const saved: SpeakerDetails = { ageRange: details.ageRange, gender: details.gender, accent };
  if (!saved.ageRange && !saved.gender && !saved.accent) {
    await col.speakerDetails.deleteOne({ _id: userId });
    return NO_SPEAKER_DETAILS;
  }
  await col.speakerDetails.updateOne(
    { _id: userId },
    { $set: { ...saved, updatedAt: new Date() } },
    { upsert: true },
  );
  return saved;
}
