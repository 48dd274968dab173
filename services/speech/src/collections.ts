import type { Collection, Db, ObjectId } from 'mongodb';
import type {
  AgeRange,
  AudioPairStatus,
  Dialect,
  Gender,
  LanguageCode,
  RecordingStatus,
  SentenceDomain,
  TextCategory,
  TextPairReportReason,
} from '@platform/contracts';
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
  textPairs: 'text_pairs',
  textPairMarks: 'text_pair_marks',
  audioPairs: 'audio_pairs',
  counters: 'counters',
  speakerDetails: 'speaker_details',
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
  /** The writer's domains, from the text service (absent on a copy made before domains were synced). */
  domains?: SentenceDomain[];
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
  /**
   * When votes decided it (set by the deciding vote; for recordings decided before this was kept, by the
   * activity backfill, from their last vote).
   */
  decidedAt?: Date;
  /** Set when the speaker's account was deleted: the recording stays in releases but is never shown publicly. */
  speakerForgotten?: true;
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
  /** The Yoruba dialect chosen on Donate Your Voice, once chosen. */
  dialect?: Dialect;
  updatedAt: Date;
}

/**
 * The speech service's copy of a text pair (from the text service's change feed); _id is the text_id. A pair
 * that stops being approved stays with `approved: false`, so its donation count survives a re-approval.
 */
export interface TextPairCopyDoc {
  _id: string;
  source_lang_text: string;
  target_lang_text: string;
  text_category: TextCategory;
  approved: boolean;
  /** Audio pairs donated for it: Donate offers the fewest first. */
  donations: number;
  /** A random key fixed at first sight: ties between equal counts are broken by it. */
  rand: number;
  seq: number;
}

export type TextPairMarkKind = 'skipped' | 'reported';
/** A person's skip or report of a text pair on Donate; Donate never offers it to them again. */
export interface TextPairMarkDoc {
  _id?: ObjectId;
  userId: string;
  textId: string;
  kind: TextPairMarkKind;
  reason?: TextPairReportReason;
  details?: string;
  /** Set on a report until the text service has been told. */
  flagPending?: true;
  createdAt: Date;
}

/** One donated pair of recordings: the English and the Yoruba side of one text pair, by one person. */
export interface AudioPairDoc {
  /** The audio_id; also names the files (`audio/pairs/<audio_id>-source.wav`). */
  _id: ObjectId;
  textId: string;
  /** The texts as they read when spoken. */
  sourceText: string;
  targetText: string;
  category: TextCategory;
  dialect: Dialect;
  donorId: string;
  sourceFileId: ObjectId;
  targetFileId: ObjectId;
  sourceBytes: number;
  targetBytes: number;
  sourceDurationMs: number;
  targetDurationMs: number;
  status: AudioPairStatus;
  decision?: { byId: string; at: Date; reason?: string };
  createdAt: Date;
}

export interface SyncStateDoc {
  _id: string;
  after: number;
  updatedAt: Date;
}

/** A person's optional speaker details, which releases carry beside their hashed id; _id is the account id. */
export interface SpeakerDetailsDoc {
  _id: string;
  ageRange: AgeRange | null;
  gender: Gender | null;
  accent: string | null;
  updatedAt: Date;
}

/** A running count (see audio-pairs/counts.ts). */
export interface CounterDoc {
  _id: string;
  n: number;
}

export const collections = (db: Db) => ({
  sentences: db.collection<SentenceDoc>(C.sentences) as Collection<SentenceDoc>,
  sentenceMarks: db.collection<SentenceMarkDoc>(C.sentenceMarks),
  recordings: db.collection<RecordingDoc>(C.recordings),
  recordingMarks: db.collection<RecordingMarkDoc>(C.recordingMarks),
  votes: db.collection<VoteDoc>(C.votes),
  preferences: db.collection<PreferencesDoc>(C.preferences),
  syncState: db.collection<SyncStateDoc>(C.syncState),
  textPairs: db.collection<TextPairCopyDoc>(C.textPairs),
  textPairMarks: db.collection<TextPairMarkDoc>(C.textPairMarks),
  audioPairs: db.collection<AudioPairDoc>(C.audioPairs),
  counters: db.collection<CounterDoc>(C.counters),
  speakerDetails: db.collection<SpeakerDetailsDoc>(C.speakerDetails),
});
export type Collections = ReturnType<typeof collections>;
