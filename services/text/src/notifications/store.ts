import { ObjectId, type Collection, type Db } from 'mongodb';
import type { Notification, NotificationKind, Person } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';
import { dateToDay, objectIdOrNull } from '../workspace/common';

export const NOTIFICATIONS = 'notifications';

export interface NotificationDoc {
  _id?: ObjectId;
  userId: string;
  kind: NotificationKind;
  project?: { id: string; name: string };
  task?: { id: string; description: string; dueDate: Date };
  by?: Person;
  read: boolean;
  /** Set once a digest mail has taken it (or passed it over: see claimDigest). */
  mailedAt?: Date | null;
  /** The digest claim that took it. */
  claimId?: ObjectId;
  createdAt: Date;
}

export const notifications = (db: Db): Collection<NotificationDoc> =>
  db.collection<NotificationDoc>(NOTIFICATIONS);

export const NOTIFICATION_INDEXES: CollectionIndexes = {
  collection: NOTIFICATIONS,
  indexes: [
    // A person's notifications, newest first; their unread count.
    { key: { userId: 1, createdAt: -1 }, name: 'user_created' },
    { key: { userId: 1, read: 1 }, name: 'user_read' },
    // The digest: who has unmailed ones, and a person's unmailed ones.
    { key: { mailedAt: 1, userId: 1 }, name: 'mailed_user' },
    // What one digest claim took.
    { key: { claimId: 1 }, name: 'claim', sparse: true },
    // Erasure: notifications about what a person did.
    { key: { 'by.id': 1 }, name: 'by_person', sparse: true },
  ],
};

export interface NotifyInput {
  userIds: readonly string[];
  kind: NotificationKind;
  project?: { id: string; name: string };
  task?: { id: string; description: string; dueDate: Date };
  by?: Person;
  now: Date;
}

/** One unread, unmailed notification for each distinct person; answers how many were made. */
export async function notify(db: Db, input: NotifyInput): Promise<number> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return 0;
  await notifications(db).insertMany(
    userIds.map((userId) => ({
      userId,
      kind: input.kind,
      ...(input.project ? { project: input.project } : {}),
      ...(input.task ? { task: input.task } : {}),
      ...(input.by ? { by: input.by } : {}),
      read: false,
      createdAt: input.now,
    })),
    { ordered: false },
  );
  return userIds.length;
}

export function toNotification(doc: NotificationDoc & { _id: ObjectId }): Notification {
  return {
    id: doc._id.toHexString(),
    kind: doc.kind,
    ...(doc.project ? { project: doc.project } : {}),
    ...(doc.task
      ? { task: { id: doc.task.id, description: doc.task.description, dueDate: dateToDay(doc.task.dueDate) } }
      : {}),
    ...(doc.by ? { by: doc.by } : {}),
    read: doc.read,
    createdAt: doc.createdAt.toISOString(),
  };
}

/** The people with notifications not yet mailed. */
export async function digestRecipients(db: Db): Promise<string[]> {
  const ids = (await notifications(db).distinct('userId', { mailedAt: null })) as string[];
  return ids.sort();
}

/**
 * Takes a person's unmailed notifications for a digest: every one is marked mailed under a fresh claim id in
 * one update (each document is taken by exactly one claim, so two gateways never mail one twice), then those
 * of the kinds their settings allow are returned. Notifications of other kinds are marked mailed too: the
 * person does not want them by mail, and leaving them unmailed would keep them among the recipients forever.
 */
export async function claimDigest(
  db: Db,
  userId: string,
  kinds: readonly NotificationKind[],
  now: Date,
): Promise<Notification[]> {
  const claimId = new ObjectId();
  const taken = await notifications(db).updateMany(
    { userId, mailedAt: null },
    { $set: { mailedAt: now, claimId } },
  );
  if (taken.modifiedCount === 0 || kinds.length === 0) return [];
  const docs = await notifications(db)
    .find({ claimId, kind: { $in: [...kinds] } })
    .sort({ createdAt: -1, _id: -1 })
    .toArray();
  return docs.map((d) => toNotification(d as typeof d & { _id: ObjectId }));
}

/** A person's in-app notifications, the digest's claims, and what erasure changes. */
export function notificationStore(db: Db) {
  const collection = notifications(db);
  const unread = (userId: string) => collection.countDocuments({ userId, read: false });
  return {
    notify: (input: NotifyInput) => notify(db, input),

    /** A page of a person's notifications, newest first, with their total and unread counts. */
    async page(
      userId: string,
      skip: number,
      limit: number,
    ): Promise<{ items: Notification[]; total: number; unread: number }> {
      const [total, unreadCount, docs] = await Promise.all([
        collection.countDocuments({ userId }),
        unread(userId),
        collection.find({ userId }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(),
      ]);
      return {
        items: docs.map((d) => toNotification(d as typeof d & { _id: ObjectId })),
        total,
        unread: unreadCount,
      };
    },

    /**
     * Marks a person's notifications read: those of `ids`, or every one. Ids that cannot be a notification
     * match nothing; only the person's own are touched. Answers how many stay unread.
     */
    async markRead(userId: string, ids?: readonly string[]): Promise<number> {
      if (ids === undefined) {
        await collection.updateMany({ userId, read: false }, { $set: { read: true } });
      } else {
        const _ids = ids.map(objectIdOrNull).filter((id): id is ObjectId => id !== null);
        if (_ids.length > 0)
          await collection.updateMany({ userId, _id: { $in: _ids } }, { $set: { read: true } });
      }
      return unread(userId);
    },

    digestRecipients: () => digestRecipients(db),

    claimDigest: (userId: string, kinds: readonly NotificationKind[], now: Date) =>
      claimDigest(db, userId, kinds, now),

    /** A deleted account's own notifications go; those about what it did name it no more. */
    async erasePerson(userId: string, pseudonym: string, name: string): Promise<void> {
      await Promise.all([
        collection.deleteMany({ userId }),
        collection.updateMany({ 'by.id': userId }, { $set: { 'by.id': pseudonym, 'by.name': name } }),
      ]);
    },
  };
}

export type NotificationStore = ReturnType<typeof notificationStore>;
