import { MAX_RECORDINGS_PER_SENTENCE } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import type { SentenceDoc, SentenceStore } from '../sentences/store';

/**
 * Refuses, before any audio is kept, a sentence that already has all its recordings or that this person
 * already recorded. The round never offers those, but a client can still name one. The place itself is
 * taken atomically later (SentenceStore.claimRecordingPlace), once the audio is known to be good.
 */
export async function refuseUnrecordable(sentences: SentenceStore, sentence: SentenceDoc, userId: string) {
  if (sentence.recordingCount >= MAX_RECORDINGS_PER_SENTENCE)
    throw new HttpError(409, 'recording.sentence_full');
  if (await sentences.hasRecorded(userId, sentence._id))
    throw new HttpError(409, 'recording.already_recorded');
}
