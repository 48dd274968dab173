import type { CollectionIndexes } from '@platform/service-kit';
import { APPROVED_PER_LANGUAGE_INDEX } from '../public-site/store';
import { SENTENCES } from '../sentences/store';
import { TEXT_PAIRS } from '../text-pairs/store';
import { REVIEW_DECISIONS, REVIEW_JUDGEMENTS } from './store';

/** A writer's own items in queue order; replaces `author_status` (authorId, status), which it extends. */
const AUTHOR_QUEUE = 'author_review_queue';

/** Review's indexes (and the figures'), each naming the query it serves. */
export const REVIEW_INDEXES: CollectionIndexes[] = [
  {
    collection: SENTENCES,
    indexes: [
      // GET /api/review/next?kind=sentence[&lang]: pending, least-reviewed, least-skipped, oldest first; the
      // author last, so a writer's own items are passed over on the key (review/store.ts, queueRead).
      {
        key: { status: 1, reviews: 1, skips: 1, createdAt: 1, authorId: 1 },
        name: 'review_queue_author',
      },
      {
        key: { status: 1, language: 1, reviews: 1, skips: 1, createdAt: 1, authorId: 1 },
        name: 'review_queue_language_author',
      },
      // Each queue's companion: a writer's own items in queue order, so the database jumps over a run of them
      // at the front of the queue with two counts instead of stepping over each key. The first also serves a
      // person's figures (sentences written, and approved) on its (authorId, status) prefix.
      { key: { authorId: 1, status: 1, reviews: 1, skips: 1, createdAt: 1 }, name: AUTHOR_QUEUE },
      {
        key: { authorId: 1, status: 1, language: 1, reviews: 1, skips: 1, createdAt: 1 },
        name: 'author_review_queue_language',
      },
      // The public figures' approved sentences per language: the server keeps a counter per language of this
      // index, so the count reads five counters instead of walking the approved sentences.
      {
        key: { language: 1 },
        name: APPROVED_PER_LANGUAGE_INDEX,
        partialFilterExpression: { status: 'validated' },
      },
    ],
  },
  {
    collection: TEXT_PAIRS,
    indexes: [
      // GET /api/review/next?kind=pair.
      {
        key: { status: 1, reviews: 1, skips: 1, createdAt: 1, authorId: 1 },
        name: 'review_queue_author',
      },
      // The queue's companion (as for sentences), and a person's figures: pairs added, and approved.
      { key: { authorId: 1, status: 1, reviews: 1, skips: 1, createdAt: 1 }, name: AUTHOR_QUEUE },
    ],
  },
  {
    collection: REVIEW_JUDGEMENTS,
    indexes: [
      // One judgement per person per item: a second is refused by the database, concurrent or not.
      { key: { kind: 1, itemId: 1, userId: 1 }, name: 'kind_item_user_unique', unique: true },
      // A person's figures: reviews given (approvals and rejections).
      { key: { userId: 1, verdict: 1 }, name: 'user_verdict' },
      // The quality figures' rebuild (activity/backfill.ts): the reasons of the rejections given before its cutoff.
      { key: { verdict: 1, at: 1 }, name: 'verdict_at' },
    ],
  },
  {
    collection: REVIEW_DECISIONS,
    indexes: [{ key: { kind: 1, itemId: 1 }, name: 'kind_item' }],
  },
];
