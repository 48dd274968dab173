import type { AnyBulkWriteOperation } from 'mongodb';
import {
  getInternalTextPairChanges,
  postInternalTextPairFlag,
  type TextPairChangesReply,
  type TextPairFlagBody,
} from '@platform/contracts';
import type { ServiceClient } from '@platform/service-kit';
import { collections, type TextPairCopyDoc } from '../collections';
import {
  createChangeFeedFollower,
  type ChangeFeedFollower,
  type ChangeFeedFollowerOptions,
  type SyncResult,
  isGone,
} from '../sync/change-feed-follower';
import { countApprovedTextPairs } from './counts';

export const TEXT_PAIR_CURSOR = 'text_pairs';

/** What one run did: pairs applied to the local copy, the cursor after it, reports passed on. */
export type TextPairSyncResult = SyncResult;

/** Same loop as the sentence sync: one catch-up on demand, or a loop that backs off while failing. */
export type TextPairSync = ChangeFeedFollower;

export type TextPairSyncOptions = ChangeFeedFollowerOptions;

/**
 * Keeps the speech service's copy of text pairs in step with the text service's change feed
 * (GET /internal/text-pairs/changes, cursor `seq`), exactly as the sentence sync does for sentences: the
 * cursor is stored beside the copy, upserts are idempotent, and a pair whose status leaves 'approved' leaves
 * Donate's queue. Each run also passes Donate's reports on to the text service (signed as the speech service).
 */
export function createTextPairSync(options: TextPairSyncOptions): TextPairSync {
  const col = collections(options.db);

  const apply = async (items: TextPairChangesReply['items']) => {
    const ops: AnyBulkWriteOperation<TextPairCopyDoc>[] = items.map((p) => ({
      updateOne: {
        filter: { _id: p.text_id },
        update: {
          $set: {
            source_lang_text: p.source_lang_text,
            target_lang_text: p.target_lang_text,
            text_category: p.text_category,
            approved: p.status === 'validated',
            seq: p.seq,
          },
          $setOnInsert: { donations: 0, rand: Math.random() },
        },
        upsert: true,
      },
    }));
    // How many approved pairs this page adds or takes away, for Donate's running 'of M'.
    const before = await col.textPairs
      .find({ _id: { $in: items.map((p) => p.text_id) } })
      .project<{ _id: string; approved: boolean }>({ approved: 1 })
      .toArray();
    const wasApproved = new Set(before.filter((d) => d.approved).map((d) => d._id));
    const delta = items.reduce(
      (sum, p) => sum + Number(p.status === 'validated') - Number(wasApproved.has(p.text_id)),
      0,
    );
    await col.textPairs.bulkWrite(ops, { ordered: false });
    await countApprovedTextPairs(col, delta);
  };

  const forwardReports = async (text: ServiceClient) => {
    let forwarded = 0;
    const pending = await col.textPairMarks.find({ flagPending: true }).limit(100).toArray();
    for (const mark of pending) {
      if (!mark.reason) continue;
      const body: TextPairFlagBody = {
        reason: mark.reason,
        reporterId: mark.userId,
        reportedAt: mark.createdAt.toISOString(),
        ...(mark.details ? { details: mark.details } : {}),
      };
      // Gone (404): the text service no longer has the pair; nothing more to tell it.
      await text
        .call(postInternalTextPairFlag, { params: { id: mark.textId }, body })
        .catch((err: unknown) => {
          if (!isGone(err)) throw err;
        });
      await col.textPairMarks.updateOne({ _id: mark._id }, { $unset: { flagPending: '' } });
      forwarded++;
    }
    return forwarded;
  };

  return createChangeFeedFollower(options, {
    cursor: TEXT_PAIR_CURSOR,
    changes: getInternalTextPairChanges,
    what: 'text pair',
    syncedMessage: 'text pairs synced from the text service',
    apply,
    forwardReports,
  });
}
