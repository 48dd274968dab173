import { ACTIVITY_INDEXES, IDEMPOTENCY_INDEXES, type CollectionIndexes } from '@platform/service-kit';
import { AUDIO_PAIR_INDEXES } from './audio-pairs/store';
import { AUDIO_INDEXES } from './audio/store';
import { ORPHAN_SWEEP_INDEXES } from './audio/orphan-sweep';
import { DATASET_INDEXES } from './datasets/store';
import { PUBLIC_SITE_INDEXES } from './public-site/store';
import { RECORDING_INDEXES } from './recordings/store';
import { RESUMABLE_UPLOAD_INDEXES } from './resumable-uploads/store';
import { SENTENCE_INDEXES } from './sentences/store';
import { TEXT_PAIR_INDEXES } from './text-pairs/store';
import { USER_INDEXES } from './user/store';

/**
 * Indexes of the speech database, created at start: each store's own (each names the query it serves), and
 * what the speech service reads of service-kit's activity counts.
 */
export const SPEECH_INDEXES: CollectionIndexes[] = [
  ...SENTENCE_INDEXES,
  ...RECORDING_INDEXES,
  ...TEXT_PAIR_INDEXES,
  ...AUDIO_PAIR_INDEXES,
  ...RESUMABLE_UPLOAD_INDEXES,
  ...AUDIO_INDEXES,
  ...ORPHAN_SWEEP_INDEXES,
  ...DATASET_INDEXES,
  ...USER_INDEXES,
  ...PUBLIC_SITE_INDEXES,
  // Activity counts: live increments, sums for the text service, the language distribution, the figures.
  ...ACTIVITY_INDEXES,
  // The Idempotency-Keys of recordings, votes, donations and their skips and reports, kept a week.
  ...IDEMPOTENCY_INDEXES,
];
