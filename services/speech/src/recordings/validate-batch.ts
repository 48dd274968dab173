import type { ObjectId } from 'mongodb';
import { getAudioFile, routeUrl, type RecordingToValidate } from '@platform/contracts';
import type { Collections, RecordingDoc } from '../collections';

export const audioUrlFor = (recording: Pick<RecordingDoc, '_id' | 'container'>) =>
  routeUrl(getAudioFile.path, { file: `${recording._id.toHexString()}.${recording.container}` });

/** Recordings this person voted on, skipped or reported. */
async function judgedBy(col: Collections, userId: string) {
  const [votes, marks] = await Promise.all([
    col.votes
      .find({ voterId: userId })
      .project<{ recordingId: ObjectId }>({ _id: 0, recordingId: 1 })
      .toArray(),
    col.recordingMarks
      .find({ userId })
      .project<{ recordingId: ObjectId }>({ _id: 0, recordingId: 1 })
      .toArray(),
  ]);
  return new Set([...votes, ...marks].map((v) => v.recordingId.toHexString()));
}

/**
 * Listen's next batch: undecided recordings only, never the person's own, never one they voted on, skipped or
 * reported; fewest votes first, then oldest. Walks the `validate_queue` index in order and stops when full.
 */
export async function pickValidateBatch(
  col: Collections,
  options: { userId: string; count: number },
): Promise<RecordingToValidate[]> {
  const excluded = await judgedBy(col, options.userId);
  const batch: RecordingToValidate[] = [];
  const cursor = col.recordings
    .find({ status: 'undecided', speakerId: { $ne: options.userId } })
    .sort({ voteCount: 1, createdAt: 1 })
    .project<Pick<RecordingDoc, '_id' | 'sentenceText' | 'container'>>({ sentenceText: 1, container: 1 })
    // At most every excluded one can come before the batch is full: one read, no cursor left open.
    .limit(options.count + excluded.size);
  try {
    for await (const r of cursor) {
      if (excluded.has(r._id.toHexString())) continue;
      batch.push({ id: r._id.toHexString(), sentence: r.sentenceText, audioUrl: audioUrlFor(r) });
      if (batch.length >= options.count) break;
    }
  } finally {
    await cursor.close();
  }
  return batch;
}
