import { ACTIVITY_COLLECTION, ACTIVITY_INDEXES, type CollectionIndexes } from '@platform/service-kit';
import { AUDIO_BUCKET, C } from './collections';
import { DATASET_INDEXES } from './datasets/dataset-indexes';
import { STORAGE_INDEXES } from './storage/stored-bytes';
import { ERASURE_INDEXES } from './user/erase';

/** Indexes of the speech database, created at start; each names the query it serves. */
export const SPEECH_INDEXES: CollectionIndexes[] = [
  {
    collection: C.sentences,
    indexes: [
      // The round: one language, recordable, fewest recordings first, from a random point among equals.
      {
        key: { language: 1, recordable: 1, recordingCount: 1, rand: 1 },
        name: 'round',
      },
    ],
  },
  {
    collection: C.sentenceMarks,
    indexes: [
      // One mark of each kind per person and sentence (a second skip is the same skip).
      { key: { userId: 1, sentenceId: 1, kind: 1 }, name: 'user_sentence_kind_unique', unique: true },
      // The round's exclusions: everything this person recorded, skipped or reported in one language.
      { key: { userId: 1, language: 1 }, name: 'user_language' },
      // Stats: the person's skips.
      { key: { userId: 1, kind: 1 }, name: 'user_kind' },
      // Reports still to pass on to the text service.
      { key: { flagPending: 1 }, name: 'flag_pending', sparse: true },
    ],
  },
  {
    collection: C.recordings,
    indexes: [
      // Listen's batch: undecided, fewest votes first, then oldest.
      { key: { status: 1, voteCount: 1, createdAt: 1 }, name: 'validate_queue' },
      // Stats: a person's recordings, and how many of them are validated.
      { key: { speakerId: 1, status: 1 }, name: 'speaker_status' },
      { key: { sentenceId: 1 }, name: 'sentence' },
    ],
  },
  {
    collection: C.recordingMarks,
    indexes: [
      { key: { userId: 1, recordingId: 1, kind: 1 }, name: 'user_recording_kind_unique', unique: true },
      { key: { userId: 1, kind: 1 }, name: 'user_kind' },
    ],
  },
  {
    collection: C.votes,
    indexes: [
      // One vote per person per recording, under any concurrency.
      { key: { recordingId: 1, voterId: 1 }, name: 'recording_voter_unique', unique: true },
      // Listen's exclusions and the person's vote count.
      { key: { voterId: 1 }, name: 'voter' },
    ],
  },
  {
    collection: C.textPairs,
    indexes: [
      // Donate: approved pairs, fewest donations first; also counts the approved pairs ('of M').
      { key: { approved: 1, donations: 1, rand: 1 }, name: 'donate_queue' },
    ],
  },
  {
    collection: C.textPairMarks,
    indexes: [
      // One skip and one report per person and pair; Donate's exclusions.
      { key: { userId: 1, textId: 1, kind: 1 }, name: 'user_text_kind_unique', unique: true },
      // Reports still to pass on to the text service.
      { key: { flagPending: 1 }, name: 'flag_pending', sparse: true },
    ],
  },
  {
    collection: C.audioPairs,
    indexes: [
      // One donation per person and text pair, under any concurrency.
      { key: { donorId: 1, textId: 1 }, name: 'donor_text_unique', unique: true },
      // A contributor's own pairs in View Audio Pairs, newest first, with each filter combination (these
      // also serve Donate's exclusions and 'Contribution N', and the stats: donations, approved ones).
      { key: { donorId: 1, _id: -1 }, name: 'donor_newest' },
      { key: { donorId: 1, status: 1, dialect: 1, _id: -1 }, name: 'donor_status_dialect_newest' },
      { key: { donorId: 1, dialect: 1, _id: -1 }, name: 'donor_dialect_newest' },
      // View Audio Pairs for reviewers: by status, by dialect, by both; newest first (_id is time-ordered).
      { key: { status: 1, _id: -1 }, name: 'status_newest' },
      { key: { dialect: 1, _id: -1 }, name: 'dialect_newest' },
      { key: { status: 1, dialect: 1, _id: -1 }, name: 'status_dialect_newest' },
    ],
  },
  {
    collection: `${AUDIO_BUCKET}.files`,
    indexes: [{ key: { filename: 1, uploadDate: 1 }, name: 'filename_uploadDate' }],
  },
  {
    collection: `${AUDIO_BUCKET}.chunks`,
    indexes: [{ key: { files_id: 1, n: 1 }, name: 'files_id_n_unique', unique: true }],
  },
  ...DATASET_INDEXES,
  ...STORAGE_INDEXES,
  ...ERASURE_INDEXES,
  // Daily activity counts: live increments, sums for the text service, the language distribution.
  ...ACTIVITY_INDEXES,
  {
    collection: ACTIVITY_COLLECTION,
    indexes: [
      // The public figures' active contributors: everyone's counts of the last 30 days, read by day.
      { key: { day: 1, kind: 1, userId: 1 }, name: 'day_kind_user' },
    ],
  },
];
