import { ACTIVITY_INDEXES, IDEMPOTENCY_INDEXES, type CollectionIndexes } from '@platform/service-kit';
import { ANALYTICS_INDEXES } from './analytics/store';
import { REVIEW_INDEXES } from './review/indexes';
import { SENTENCE_INDEXES } from './sentences/store';
import { TEXT_PAIR_INDEXES } from './text-pairs/store';
import { DATASET_UPLOAD_INDEXES } from './uploads/store';
import { ERASURE_INDEXES } from './workspace/erase';
import { WORKSPACE_INDEXES } from './workspace/indexes';

/** Indexes of the text database, created at start; each names the query it serves. */
export const TEXT_INDEXES: CollectionIndexes[] = [
  ...SENTENCE_INDEXES,
  ...TEXT_PAIR_INDEXES,
  ...REVIEW_INDEXES,
  ...DATASET_UPLOAD_INDEXES,
  ...ACTIVITY_INDEXES,
  ...WORKSPACE_INDEXES,
  ...ERASURE_INDEXES,
  ...ANALYTICS_INDEXES,
  // The Idempotency-Keys of Write's sentences, text pairs and review verdicts, kept a week.
  ...IDEMPOTENCY_INDEXES,
];
