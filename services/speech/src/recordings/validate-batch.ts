import { getAudioFile, routeUrl, type RecordingToValidate } from '@platform/contracts';
import type { RecordingDoc, RecordingStore } from './store';

export const audioUrlFor = (recording: Pick<RecordingDoc, '_id' | 'container'>) =>
  routeUrl(getAudioFile.path, { file: `${recording._id.toHexString()}.${recording.container}` });

/**
 * Listen's next batch: undecided recordings only, never the person's own, never one they voted on, skipped or
 * reported; fewest votes first, then oldest.
 */
export async function pickValidateBatch(
  recordings: RecordingStore,
  options: { userId: string; count: number },
): Promise<RecordingToValidate[]> {
  const queued = await recordings.queueFor(options.userId, options.count);
  return queued.map((r) => ({ id: r._id.toHexString(), sentence: r.sentenceText, audioUrl: audioUrlFor(r) }));
}
