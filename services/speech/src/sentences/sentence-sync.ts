import {
  getInternalSentenceChanges,
  postInternalSentenceFlag,
  type SentenceChangesReply,
  type SentenceFlagBody,
} from '@platform/contracts';
import type { ServiceClient } from '@platform/service-kit';
import type { SentenceStore } from './store';
import {
  createChangeFeedFollower,
  type ChangeFeedFollower,
  type ChangeFeedFollowerOptions,
  isGone,
} from '../sync/change-feed-follower';

export type { SyncResult } from '../sync/change-feed-follower';

export const SENTENCE_CURSOR = 'sentences';
/**
 * Remembers (in sync_state) that the sentence copy was re-read once to learn every sentence's domains: copies
 * made before the feed carried domains lack them, so the cursor is set back to 0 exactly once per database.
 */
export const SENTENCE_DOMAINS_MIGRATION = 'migration:sentence-domains';

export type SentenceSync = ChangeFeedFollower;
export type SentenceSyncOptions = ChangeFeedFollowerOptions & { sentences: SentenceStore };

/**
 * Keeps the local copy of recordable sentences in step with the text service through its change cursor
 * (GET /internal/sentences/changes), and passes Speak's reports on to the text service.
 */
export function createSentenceSync(options: SentenceSyncOptions): SentenceSync {
  const { sentences, sync } = options;

  const forwardReports = async (text: ServiceClient) => {
    let forwarded = 0;
    for (const mark of await sentences.pendingReports(100)) {
      const body: SentenceFlagBody = {
        reason: mark.reason as SentenceFlagBody['reason'],
        reporterId: mark.userId,
        reportedAt: mark.createdAt.toISOString(),
        ...(mark.details ? { details: mark.details } : {}),
      };
      // Gone (404): the text service no longer has the sentence; nothing more to tell it.
      await text
        .call(postInternalSentenceFlag, { params: { id: mark.sentenceId }, body })
        .catch((err: unknown) => {
          if (!isGone(err)) throw err;
        });
      await sentences.reportPassedOn(mark._id);
      forwarded++;
    }
    return forwarded;
  };

  let domainsMigrated = false;
  const migrateDomains = async () => {
    if (domainsMigrated) return;
    // Only the process that records the migration resets the cursor, so two speech processes do it once.
    if (await sync.markOnce(SENTENCE_DOMAINS_MIGRATION)) await sync.rewind(SENTENCE_CURSOR);
    domainsMigrated = true;
  };

  return createChangeFeedFollower(options, {
    cursor: SENTENCE_CURSOR,
    changes: getInternalSentenceChanges,
    what: 'sentence',
    syncedMessage: 'recordable sentences synced from the text service',
    apply: (items: SentenceChangesReply['items']) => sentences.applyChanges(items),
    forwardReports,
    beforeRun: migrateDomains,
  });
}
