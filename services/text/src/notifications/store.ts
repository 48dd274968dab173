import type { Collection, Db, ObjectId } from 'mongodb';
import type { Notification, NotificationKind, Person } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';
import { dateToDay } from '../workspace/common';

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
