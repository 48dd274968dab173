import type { CollectionIndexes } from '@platform/service-kit';
import { REVIEW_INDEXES } from './review/indexes';
import { TEXT_PAIR_FLAG_INDEXES } from './routes/internal/text-pair-flags';
import { SENTENCE_FLAGS, SENTENCES } from './sentences/sentence-store';
import { TEXT_PAIR_INDEXES } from './text-pairs/indexes';

/** Indexes of the text database, created at start; each names the query it serves. */
export const TEXT_INDEXES: CollectionIndexes[] = [
  {
    collection: SENTENCES,
    indexes: [
      // One sentence per language and NFC text: makes seeding idempotent and refuses duplicates.
      { key: { language: 1, text: 1 }, name: 'language_text_unique', unique: true },
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
  ...TEXT_PAIR_FLAG_INDEXES,
  ...REVIEW_INDEXES,
];
