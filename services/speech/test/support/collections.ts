// The speech database's collections, opened directly for tests that arrange or inspect stored data (the
// service itself reaches them only through its stores).
import type { Db } from 'mongodb';
import { BACKFILL_MARKERS } from '@platform/service-kit';
import type { ActivityBackfillDoc } from '../../src/activity/store';
import { QUALITY_DAYS, type RecordingQualityDayDoc } from '../../src/analytics/store';
import { AUDIO_PAIRS, COUNTERS, type AudioPairDoc, type CounterDoc } from '../../src/audio-pairs/store';
import {
  DC,
  type DatasetDoc,
  type DownloadDoc,
  type LicenceAcceptanceDoc,
  type ReleaseDoc,
} from '../../src/datasets/store';
import {
  RECORDING_MARKS,
  RECORDINGS,
  VOTES,
  type RecordingDoc,
  type RecordingMarkDoc,
  type VoteDoc,
} from '../../src/recordings/store';
import { SENTENCE_MARKS, SENTENCES, type SentenceDoc, type SentenceMarkDoc } from '../../src/sentences/store';
import { SYNC_STATE, type SyncStateDoc } from '../../src/sync/store';
import {
  TEXT_PAIR_MARKS,
  TEXT_PAIRS,
  type TextPairCopyDoc,
  type TextPairMarkDoc,
} from '../../src/text-pairs/store';
import {
  PREFERENCES,
  SPEAKER_DETAILS,
  type PreferencesDoc,
  type SpeakerDetailsDoc,
} from '../../src/user/store';

/** The datasets feature's collections. */
export const datasetCollections = (db: Db) => ({
  datasets: db.collection<DatasetDoc>(DC.datasets),
  releases: db.collection<ReleaseDoc>(DC.releases),
  licenceAcceptances: db.collection<LicenceAcceptanceDoc>(DC.licenceAcceptances),
  downloads: db.collection<DownloadDoc>(DC.downloads),
});
export type DatasetCollections = ReturnType<typeof datasetCollections>;

/** Every other collection of the speech database. */
export const testCollections = (db: Db) => ({
  sentences: db.collection<SentenceDoc>(SENTENCES),
  sentenceMarks: db.collection<SentenceMarkDoc>(SENTENCE_MARKS),
  recordings: db.collection<RecordingDoc>(RECORDINGS),
  recordingMarks: db.collection<RecordingMarkDoc>(RECORDING_MARKS),
  votes: db.collection<VoteDoc>(VOTES),
  preferences: db.collection<PreferencesDoc>(PREFERENCES),
  syncState: db.collection<SyncStateDoc>(SYNC_STATE),
  textPairs: db.collection<TextPairCopyDoc>(TEXT_PAIRS),
  textPairMarks: db.collection<TextPairMarkDoc>(TEXT_PAIR_MARKS),
  audioPairs: db.collection<AudioPairDoc>(AUDIO_PAIRS),
  counters: db.collection<CounterDoc>(COUNTERS),
  speakerDetails: db.collection<SpeakerDetailsDoc>(SPEAKER_DETAILS),
  activityBackfill: db.collection<ActivityBackfillDoc>(BACKFILL_MARKERS),
  recordingQualityDaily: db.collection<RecordingQualityDayDoc>(QUALITY_DAYS),
});
export type TestCollections = ReturnType<typeof testCollections>;
