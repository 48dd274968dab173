import type { Collection, Db, ObjectId } from 'mongodb';
import type { LanguageCode, RecordingStatus } from '@platform/contracts';
import type { Container } from '@platform/audio-probe';

/** The speech service's collections (database `speech`); indexes for each are in indexes.ts. */
export const C = {
  sentences: 'sentences',
  sentenceMarks: 'sentence_marks',
  recordings: 'recordings',
  recordingMarks: 'recording_marks',
  votes: 'votes',
  preferences: 'preferences',
  syncState: 'sync_state',
} as const;

/** GridFS bucket holding every recording's audio (audio.files / audio.chunks). */
export const AUDIO_BUCKET = 'audio';

/** The speech service's copy of a recordable sentence; _id is the text service's sentence id. */
export interface SentenceDoc {
  _id: string;
  text: string;
  language: LanguageCode;
  /** The text service's status is 'validated'; anything else keeps the sentence out of rounds and uploads. */
  recordable: boolean;
  recordingCount: number;
  /** A random key fixed at first sight: rounds start at a random point among sentences with equal counts. */
  rand: number;
  seq: number;
}

export type SentenceMarkKind = 'recorded' | 'skipped' | 'reported';
/** What one person did with one sentence; the round never offers it to them again. */
export interface SentenceMarkDoc {
  _id?: ObjectId;
  userId: string;
  sentenceId: string;
  language: LanguageCode;
  kind: SentenceMarkKind;
  reason?: string;
  details?: string;
  /** Set on a report until the text service has been told. */
  flagPending?: true;
  createdAt: Date;
}

export interface RecordingDoc {
  _id: ObjectId;
  sentenceId: string;
  /** The sentence as it read when recorded. */
  sentenceText: string;
  language: LanguageCode;
  durationSeconds: number;
  audioFileId: ObjectId;
  container: Container;
  contentType: string;
  bytes: number;
  speakerId: string;
  /** The person's name at the time of recording, when the gateway sent one. */
  speakerName: string | null;
  yes: number;
  no: number;
  voteCount: number;
  reports: number;
  status: RecordingStatus;
  createdAt: Date;
}

export type RecordingMarkKind = 'skipped' | 'reported';
export interface RecordingMarkDoc {
  _id?: ObjectId;
  userId: string;
  recordingId: ObjectId;
  kind: RecordingMarkKind;
  reason?: string;
  details?: string;
  createdAt: Date;
}

export interface VoteDoc {
  _id?: ObjectId;
  recordingId: ObjectId;
  voterId: string;
  isValid: boolean;
  createdAt: Date;
}

export interface PreferencesDoc {
  _id: string;
  language: LanguageCode;
  updatedAt: Date;
}

export interface SyncStateDoc {
  _id: string;
  after: number;
  updatedAt: Date;
}

export const collections = (db: Db) => ({
  sentences: db.collection<SentenceDoc>(C.sentences) as Collection<SentenceDoc>,
  sentenceMarks: db.collection<SentenceMarkDoc>(C.sentenceMarks),
  recordings: db.collection<RecordingDoc>(C.recordings),
  recordingMarks: db.collection<RecordingMarkDoc>(C.recordingMarks),
  votes: db.collection<VoteDoc>(C.votes),
  preferences: db.collection<PreferencesDoc>(C.preferences),
  syncState: db.collection<SyncStateDoc>(C.syncState),
});
export type Collections = ReturnType<typeof collections>;
