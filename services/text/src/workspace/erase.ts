import type { Db, ObjectId } from 'mongodb';
import type { ReviewKind } from '@platform/contracts';
import {
  ACTIVITY_COLLECTIONS,
  idempotencyStore,
  pseudonymiseActivity,
  type CollectionIndexes,
} from '@platform/service-kit';
import type { NotificationStore } from '../notifications/store';
import type { ProjectStore } from '../projects/store';
import { decisions, judgements } from '../review/store';
import type { SentenceStore } from '../sentences/store';
import type { TaskStore } from '../tasks/store';
import type { PairStore } from '../text-pairs/store';
import type { UploadStore } from '../uploads/store';
import { DELETED_ACCOUNT_NAME } from './common';

/** The look-ups erasure makes that no other query makes (notifications' own are with their store). */
export const ERASURE_INDEXES: CollectionIndexes[] = [
  // Their activity counts (the counting index starts with the kind).
  ...ACTIVITY_COLLECTIONS.map((collection) => ({
    collection,
    indexes: [{ key: { userId: 1 }, name: 'user' }],
  })),
];

/** The stores whose documents name a person. */
export interface ErasureStores {
  sentences: SentenceStore;
  pairs: PairStore;
  uploads: UploadStore;
  projects: ProjectStore;
  tasks: TaskStore;
  notifications: NotificationStore;
}

/**
 * Review marks each item with who judged and who decided it. The items are found through the person's
 * judgements and decisions (indexed by person), not by scanning every sentence; the pseudonym is looked for
 * too, so a second attempt after a failure still finds items whose judgement was already renamed.
 */
async function renameOnReviewedItems(db: Db, stores: ErasureStores, userId: string, pseudonym: string) {
  const who = { $in: [userId, pseudonym] };
  const [judged, decided] = await Promise.all([
    judgements(db)
      .find({ userId: who }, { projection: { kind: 1, itemId: 1 } })
      .toArray(),
    decisions(db)
      .find({ adminId: who }, { projection: { kind: 1, itemId: 1 } })
      .toArray(),
  ]);
  const byKind = (rows: { kind: ReviewKind; itemId: ObjectId }[], kind: ReviewKind) =>
    rows.filter((r) => r.kind === kind).map((r) => r.itemId);
  const items = { sentence: stores.sentences, pair: stores.pairs };
  for (const kind of Object.keys(items) as ReviewKind[]) {
    await items[kind].renameReviewer(
      { judged: byKind(judged, kind), decided: byKind(decided, kind) },
      userId,
      pseudonym,
    );
  }
}

/**
 * A deleted account leaves the text service. What was only theirs goes: their dataset uploads (files
 * included), the Idempotency-Keys of what they sent and the notifications addressed to them. What they gave under a licence or did for others stays
 * without a link back to them: sentences and pairs they wrote, their reviews, reports and decisions, their
 * activity counts, and the projects and tasks they own, belong to or created carry `pseudonym` (an id no
 * account has) and, where a name was shown, DELETED_ACCOUNT_NAME. Idempotent: the gateway calls it again,
 * with the same pseudonym, after a failure.
 */
export async function eraseUserText(
  db: Db,
  stores: ErasureStores,
  userId: string,
  pseudonym: string,
): Promise<void> {
  const name = DELETED_ACCOUNT_NAME;
  await Promise.all([stores.uploads.removeOwn(userId), idempotencyStore(db).forget(userId)]);
  // Before the judgements are renamed below; it finds them under either id anyway.
  await renameOnReviewedItems(db, stores, userId, pseudonym);
  await Promise.all([
    stores.sentences.renamePerson(userId, pseudonym),
    stores.pairs.renamePerson(userId, pseudonym),
    judgements(db).updateMany({ userId }, { $set: { userId: pseudonym } }),
    decisions(db).updateMany({ adminId: userId }, { $set: { adminId: pseudonym } }),
    pseudonymiseActivity(db, userId, pseudonym),
    stores.projects.renamePerson(userId, pseudonym, name),
    stores.tasks.renamePerson(userId, pseudonym, name),
    stores.notifications.erasePerson(userId, pseudonym, name),
  ]);
}
