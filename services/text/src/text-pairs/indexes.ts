import type { CollectionIndexes } from '@platform/service-kit';
import { TEXT_PAIR_FLAGS, TEXT_PAIRS } from './store';

/** Text pairs' own indexes (Review's queue over them is in review/indexes.ts). */
export const TEXT_PAIR_INDEXES: CollectionIndexes[] = [
  {
    collection: TEXT_PAIRS,
    indexes: [
      // The same pair (case, punctuation and spaces aside) is stored once, even when sent twice at once.
      { key: { key: 1 }, name: 'key_unique', unique: true },
      // The speech service's change cursor: seq > after, in seq order.
      { key: { seq: 1 }, name: 'seq', unique: true },
      // GET /api/text-audio-pairs: approved pairs after a text_id, in id order.
      { key: { status: 1, _id: 1 }, name: 'status_id' },
    ],
  },
  {
    collection: TEXT_PAIR_FLAGS,
    // A pair's reports, newest first (and their count in the reply).
    indexes: [{ key: { textPairId: 1, reportedAt: -1 }, name: 'pair_reported' }],
  },
];
