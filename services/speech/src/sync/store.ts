import type { Db } from 'mongodb';

/** Where each follower of a text service change feed keeps its cursor (and one-time migrations their mark). */
export const SYNC_STATE = 'sync_state';

export interface SyncStateDoc {
  _id: string;
  after: number;
  updatedAt: Date;
}

/** The cursors of the change-feed followers (sync_state); `_id` names the feed (or a migration). */
export function syncStore(db: Db) {
  const state = db.collection<SyncStateDoc>(SYNC_STATE);
  return {
    /** The sequence number a feed has been read up to (0: from the start). */
    async cursor(feed: string): Promise<number> {
      return (await state.findOne({ _id: feed }))?.after ?? 0;
    },

    async saveCursor(feed: string, after: number): Promise<void> {
      await state.updateOne({ _id: feed }, { $set: { after, updatedAt: new Date() } }, { upsert: true });
    },

    /** Sets an existing cursor back to the start (a copy that must be read again); none is created. */
    async rewind(feed: string): Promise<void> {
      await state.updateOne({ _id: feed }, { $set: { after: 0, updatedAt: new Date() } });
    },

    /**
     * Marks a one-time step done; true only for the one call that marked it, so of several processes
     * exactly one does the step.
     */
    async markOnce(step: string): Promise<boolean> {
      const marked = await state.updateOne(
        { _id: step },
        { $setOnInsert: { after: 0, updatedAt: new Date() } },
        { upsert: true },
      );
      return marked.upsertedCount === 1;
    },
  };
}

export type SyncStore = ReturnType<typeof syncStore>;
