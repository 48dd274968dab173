import { readApiError, type AppDispatch } from '@platform/store';
import type { UploadProgress } from '@platform/remote-kit/upload';
import { contributeApi, idempotencyHeaders } from '../api/contributeApi';
import { donateApi } from '../api/donateApi';
import { countingProgress } from '../data-saver/sessionBytes';
import { isResumableDonation, sendResumableDonation } from '../donate/resumableDonation';
import { classifyFailure, type SendResult } from './sendResult';
import { audioBlob, type QueueEntry } from './types';

/** Tell RTK Query not to keep these calls' results in the store: the queue keeps what it needs. */
const untracked = { track: false } as const;

function request(dispatch: AppDispatch, entry: QueueEntry, onProgress: (p: UploadProgress) => void) {
  const { contribution: c, id } = entry;
  switch (c.kind) {
    case 'recording':
      return dispatch(
        contributeApi.endpoints.submitRecording.initiate(
          {
            sentenceId: c.sentenceId,
            audio: audioBlob(c.audio),
            onProgress,
            headers: idempotencyHeaders(id)!,
          },
          untracked,
        ),
      ).unwrap();
    case 'vote':
      return dispatch(
        contributeApi.endpoints.vote.initiate(
          { id: c.recordingId, isValid: c.isValid, idempotencyKey: id },
          untracked,
        ),
      ).unwrap();
    case 'sentence':
      return dispatch(
        contributeApi.endpoints.writeSentence.initiate({ ...c.body, idempotencyKey: id }, untracked),
      ).unwrap();
    case 'sentenceBatch':
      return dispatch(
        contributeApi.endpoints.writeSentenceBatch.initiate({ ...c.body, idempotencyKey: id }, untracked),
      ).unwrap();
    case 'donation':
      if (isResumableDonation(c)) return sendResumableDonation(dispatch, id, c, onProgress);
      return dispatch(
        donateApi.endpoints.submitAudioPair.initiate(
          {
            textId: c.textId,
            dialect: c.dialect,
            english: audioBlob(c.english),
            yoruba: audioBlob(c.yoruba),
            onProgress,
            headers: idempotencyHeaders(id)!,
          },
          untracked,
        ),
      ).unwrap();
  }
}

/**
 * One try of one queued contribution, through the page's own endpoints (so an accepted one refreshes the
 * figures it changes), with the item's id as its Idempotency-Key on every try.
 */
export async function sendContribution(
  dispatch: AppDispatch,
  entry: QueueEntry,
  onProgress: (progress: UploadProgress) => void,
): Promise<SendResult> {
  try {
    // Upload bytes count towards what this page session used (the data saver's figure).
    return { kind: 'sent', answer: await request(dispatch, entry, countingProgress(onProgress)) };
  } catch (error) {
    return classifyFailure(readApiError(error));
  }
}
