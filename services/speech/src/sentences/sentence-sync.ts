import type { AnyBulkWriteOperation } from 'mongodb';
import {
  getInternalSentenceChanges,
  postInternalSentenceFlag,
  type SentenceChangesReply,
  type SentenceFlagBody,
} from '@platform/contracts';
import type { ServiceClient } from '@platform/service-kit';
import { collections, type SentenceDoc } from '../collections';
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
export type SentenceSyncOptions = ChangeFeedFollowerOptions;

/**
 * Keeps the local copy of recordable sentences in step with the text service through its change cursor
 * (GET /internal/sentences/changes), and passes Speak's reports on to the text service.
 */
export function createSentenceSync(options: SentenceSyncOptions): SentenceSync {
  const col = collections(options.db);

  const apply = async (items: SentenceChangesReply['items']) => {
    const ops: AnyBulkWriteOperation<SentenceDoc>[] = items.map((s) => ({
      updateOne: {
        filter: { _id: s.id },
        update: {
          $set: {
            text: s.text,
            language: s.language,
            recordable: s.status === 'validated',
            seq: s.seq,
            domains: s.domains ?? [],
          },
          $setOnInsert: { recordingCount: 0, rand: Math.random() },
        },
        upsert: true,
      },
    }));
    await col.sentences.bulkWrite(ops, { ordered: false });
  };

  const forwardReports = async (text: ServiceClient) => {
    let forwarded = 0;
    const pending = await col.sentenceMarks.find({ flagPending: true }).limit(100).toArray();
    for (const mark of pending) {
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
      await col.sentenceMarks.updateOne({ _id: mark._id }, { $unset: { flagPending: '' } });
      forwarded++;
    }
    return forwarded;
  };

  let domainsMigrated = false;
  const migrateDomains = async () => {
    if (domainsMigrated) return;
    // Only the process that records the migration resets the cursor, so two speech processes do it once.
    const marked = await col.syncState.updateOne(
      { _id: SENTENCE_DOMAINS_MIGRATION },
      { $setOnInsert: { after: 0, updatedAt: new Date() } },
      { upsert: true },
    );
    if (marked.upsertedCount === 1) {
      await col.syncState.updateOne({ _id: SENTENCE_CURSOR }, { $set: { after: 0, updatedAt: new Date() } });
    }
    domainsMigrated = true;
  };

  return createChangeFeedFollower(options, {
    cursor: SENTENCE_CURSOR,
    changes: getInternalSentenceChanges,
    what: 'sentence',
    syncedMessage: 'recordable sentences synced from the text service',
    apply,
    forwardReports,
    beforeRun: migrateDomains,
  });
}
