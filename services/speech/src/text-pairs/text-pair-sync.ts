import {
  getInternalTextPairChanges,
  postInternalTextPairFlag,
  type TextPairChangesReply,
  type TextPairFlagBody,
} from '@platform/contracts';
import type { ServiceClient } from '@platform/service-kit';
import type { TextPairStore } from './store';
import {
  createChangeFeedFollower,
  type ChangeFeedFollower,
  type ChangeFeedFollowerOptions,
  type SyncResult,
  isGone,
} from '../sync/change-feed-follower';
import type { AudioPairStore } from '../audio-pairs/store';

export const TEXT_PAIR_CURSOR = 'text_pairs';

/** What one run did: pairs applied to the local copy, the cursor after it, reports passed on. */
export type TextPairSyncResult = SyncResult;

/** Same loop as the sentence sync: one catch-up on demand, or a loop that backs off while failing. */
export type TextPairSync = ChangeFeedFollower;

export type TextPairSyncOptions = ChangeFeedFollowerOptions & {
  textPairs: TextPairStore;
  audioPairs: AudioPairStore;
};

/**
 * Keeps the speech service's copy of text pairs in step with the text service's change feed
 * (GET /internal/text-pairs/changes, cursor `seq`), exactly as the sentence sync does for sentences: the
 * cursor is stored beside the copy, upserts are idempotent, and a pair whose status leaves 'approved' leaves
 * Donate's queue. Each run also passes Donate's reports on to the text service (signed as the speech service).
 */
export function createTextPairSync(options: TextPairSyncOptions): TextPairSync {
  const { textPairs, audioPairs } = options;

  const apply = async (items: TextPairChangesReply['items']) => {
    // How many approved pairs the page adds or takes away moves Donate's running 'of M'.
    await audioPairs.countApprovedTextPairs(await textPairs.applyChanges(items));
  };

  const forwardReports = async (text: ServiceClient) => {
    let forwarded = 0;
    for (const mark of await textPairs.pendingReports(100)) {
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
      await textPairs.reportPassedOn(mark._id);
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
