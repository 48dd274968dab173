import { ObjectId, type Db } from 'mongodb';
import type { Notification, NotificationKind } from '@platform/contracts';
import { notifications, toNotification } from './store';

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
