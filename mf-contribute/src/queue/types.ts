import type { Dialect, LanguageCode, SentenceBatchBody, SentenceSubmitBody } from '@platform/contracts';

/**
 * Audio as IndexedDB keeps it: the bytes and their type. Not a Blob: Safari before 14 could not store Blobs
 * in IndexedDB, and bytes survive every structured clone.
 */
export interface StoredAudio {
  bytes: ArrayBuffer;
  type: string;
}

export async function storeAudio(blob: Blob): Promise<StoredAudio> {
  return { bytes: await blob.arrayBuffer(), type: blob.type };
}

export const audioBlob = (audio: StoredAudio): Blob => new Blob([audio.bytes], { type: audio.type });

/** The audio fields of each kind of contribution. */
const AUDIO_FIELDS = ['audio', 'english', 'yoruba'] as const;

/**
 * A contribution without its audio bytes (each audio field keeps its type, with no bytes), and the bytes apart:
 * what the queue's listing holds, and what only a send reads.
 */
export function splitAudio(contribution: Contribution): {
  light: Contribution;
  audio: Record<string, StoredAudio>;
} {
  const audio: Record<string, StoredAudio> = {};
  const light: Record<string, unknown> = { ...contribution };
  for (const field of AUDIO_FIELDS) {
    const value = light[field] as StoredAudio | undefined;
    if (!value) continue;
    audio[field] = value;
    light[field] = { bytes: new ArrayBuffer(0), type: value.type };
  }
  return { light: light as Contribution, audio };
}

export const joinAudio = (light: Contribution, audio: Record<string, StoredAudio>): Contribution =>
  ({ ...light, ...audio }) as Contribution;

/** What one contribution is, with what its line in the queue shows (the sentence, the pair's text). */
export type Contribution =
  | {
      kind: 'recording';
      sentenceId: string;
      sentenceText: string;
      language: LanguageCode;
      audio: StoredAudio;
    }
  | { kind: 'vote'; recordingId: string; isValid: boolean; sentence: string }
  | { kind: 'sentence'; body: SentenceSubmitBody }
  | { kind: 'sentenceBatch'; body: SentenceBatchBody }
  | {
      kind: 'donation';
      textId: string;
      dialect: Dialect;
      englishText: string;
      english: StoredAudio;
      yoruba: StoredAudio;
    };

export type ContributionKind = Contribution['kind'];

/** Why the server refused an item, as the error body said it: shown in the words of its code. */
export interface Refusal {
  code: string;
  message: string;
  status: number | null;
  /** The rest of the error body (a batch's refused lines). */
  body?: Record<string, unknown>;
}

/**
 * One contribution kept on the device until the server has confirmed it. `id` is made on the device and is
 * the request's Idempotency-Key on every try, so a retry after a lost answer is never stored twice.
 */
export interface QueuedContribution {
  id: string;
  /** Whose it is: it is only ever sent under that person's session. Null: made before anyone was known. */
  owner: string | null;
  createdAt: number;
  /** `failed`: refused by the server; it stays until the person retries or deletes it. */
  state: 'waiting' | 'failed';
  /** Tries that got no usable answer (network, 5xx, 408, 429): the backoff grows with them. */
  attempts: number;
  /** Not sent again before this time (epoch ms). */
  notBefore: number;
  failure?: Refusal;
  contribution: Contribution;
}

/** A queued item with its place in the queue (IndexedDB's increasing key: the order of saving). */
export type QueueEntry = QueuedContribution & { seq: number };
