import { ObjectId } from 'mongodb';
import { MAX_RECORDINGS_PER_SENTENCE } from '@platform/contracts';
import { HttpError, isDuplicateKey } from '@platform/service-kit';
import type { Collections, SentenceDoc } from '../collections';

/**
 * Refuses, before any audio is kept, a sentence that already has all its recordings or that this person
 * already recorded. The round never offers those, but a client can still name one.
 */
export async function refuseUnrecordable(col: Collections, sentence: SentenceDoc, userId: string) {
  if (sentence.recordingCount >= MAX_RECORDINGS_PER_SENTENCE)
    throw new HttpError(409, 'recording.sentence_full');
  const mark = await col.sentenceMarks.findOne({ userId, sentenceId: sentence._id, kind: 'recorded' });
  if (mark) throw new HttpError(409, 'recording.already_recorded');
}

/**
 * Takes one of the sentence's recording places for this person, atomically: the person's `recorded` mark
 * (unique per person and sentence) and one step of the sentence's count, only while it is under the cap.
 * Two uploads racing for the last place or for the same person's one take cannot both win. Returns how to
 * give the place back if the recording is not stored after all.
 */
export async function claimRecordingPlace(
  col: Collections,
  sentence: SentenceDoc,
  userId: string,
  createdAt: Date,
): Promise<() => Promise<void>> {
  const markId = new ObjectId();
  try {
    await col.sentenceMarks.insertOne({
      _id: markId,
      userId,
      sentenceId: sentence._id,
      language: sentence.language,
      kind: 'recorded',
      createdAt,
    });
  } catch (err) {
    if (isDuplicateKey(err)) throw new HttpError(409, 'recording.already_recorded');
    throw err;
  }
  const counted = await col.sentences.updateOne(
    { _id: sentence._id, recordingCount: { $lt: MAX_RECORDINGS_PER_SENTENCE } },
    { $inc: { recordingCount: 1 } },
  );
  if (counted.modifiedCount !== 1) {
    await col.sentenceMarks.deleteOne({ _id: markId });
    throw new HttpError(409, 'recording.sentence_full');
  }
  return async () => {
    await col.sentences.updateOne({ _id: sentence._id }, { $inc: { recordingCount: -1 } });
    await col.sentenceMarks.deleteOne({ _id: markId });
  };
}
