import { ACTIVITY_INDEXES, type CollectionIndexes } from '@platform/service-kit';
import { ANALYTICS_INDEXES } from './analytics/store';
import { PUBLIC_SITE_INDEXES } from './public-site/text-figures';
import { REVIEW_INDEXES } from './review/indexes';
import { SENTENCE_FLAGS, SENTENCES } from './sentences/store';
import { STORAGE_INDEXES } from './storage/stored-bytes';
import { TEXT_PAIR_INDEXES } from './text-pairs/indexes';
import { DATASET_UPLOAD_INDEXES } from './uploads/store';
import { ERASURE_INDEXES } from './workspace/erase';
import { WORKSPACE_INDEXES } from './workspace/indexes';

/** Indexes of the text database, created at start; each names the query it serves. */
export const TEXT_INDEXES: CollectionIndexes[] = [
  {
    collection: SENTENCES,
    indexes: [
      // One sentence per language and duplicate key (NFC, case folded, without punctuation and spaces): makes
      // seeding idempotent, serves Write's duplicate look-up, and is the last word when two people submit the
      // same sentence at once. It supersedes the (language, text) index, which start-up drops
      // (OBSOLETE_SENTENCE_INDEXES in sentences/store.ts): the same text always has the same key.
      { key: { language: 1, key: 1 }, name: 'language_key_unique', unique: true },
      // The speech service's change cursor: seq > after, in seq order.
      { key: { seq: 1 }, name: 'seq', unique: true },
    ],
  },
  {
    collection: SENTENCE_FLAGS,
    // The review queue: a sentence's reports, newest first.
    indexes: [{ key: { sentenceId: 1, reportedAt: -1 }, name: 'sentence_reported' }],
  },
  ...TEXT_PAIR_INDEXES,
  ...REVIEW_INDEXES,
  ...DATASET_UPLOAD_INDEXES,
  ...ACTIVITY_INDEXES,
  ...WORKSPACE_INDEXES,
  ...STORAGE_INDEXES,
  ...ERASURE_INDEXES,
  ...ANALYTICS_INDEXES,
  ...PUBLIC_SITE_INDEXES,
];
