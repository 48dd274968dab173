import type { Db, ObjectId } from 'mongodb';
import type { ReviewKind } from '@platform/contracts';
import { ACTIVITY_COLLECTIONS, type CollectionIndexes } from '@platform/service-kit';
import { NOTIFICATIONS, notifications } from '../notifications/store';
import { projects } from '../projects/store';
import { decisions, judgements, REVIEW_DECISIONS, REVIEW_JUDGEMENTS } from '../review/store';
import { SENTENCE_FLAGS, SENTENCES } from '../sentences/store';
import { tasks } from '../tasks/store';
import { TEXT_PAIR_FLAGS, TEXT_PAIRS } from '../text-pairs/store';
import { datasetUploads, deleteDatasetFile } from '../uploads/store';
import { DELETED_ACCOUNT_NAME } from './common';

/** The look-ups erasure makes that no other query makes. */
export const ERASURE_INDEXES: CollectionIndexes[] = [
  // Notifications about what the person did (their own are found by the user_created index).
  { collection: NOTIFICATIONS, indexes: [{ key: { 'by.id': 1 }, name: 'by_person', sparse: true }] },
  // Their activity counts (the counting index starts with the kind).
  ...ACTIVITY_COLLECTIONS.map((collection) => ({
    collection,
    indexes: [{ key: { userId: 1 }, name: 'user' }],
  })),
];

const ITEMS: Record<ReviewKind, string> = { sentence: SENTENCES, pair: TEXT_PAIRS };
/** Ids per `$in`: small enough for every server to answer from the _id index. */
const CHUNK = 500;

/** The person's dataset uploads go, their stored files first (an upload is theirs, not a licensed gift). */
async function removeOwnUploads(db: Db, userId: string) {
  const own = await datasetUploads(db)
    .find({ ownerId: userId }, { projection: { fileId: 1 } })
    .toArray();
  for (const upload of own) await deleteDatasetFile(db, upload.fileId);
  await datasetUploads(db).deleteMany({ ownerId: userId });
}

/**
 * Review marks each item with who judged and who decided it. The items are found through the person's
 * judgements and decisions (indexed by person), not by scanning every sentence; the pseudonym is looked for
 * too, so a second attempt after a failure still finds items whose judgement was already renamed.
 */
async function renameOnReviewedItems(db: Db, userId: string, pseudonym: string) {
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
  for (const kind of Object.keys(ITEMS) as ReviewKind[]) {
    const items = db.collection(ITEMS[kind]);
    const judgedIds = byKind(judged, kind);
    for (let i = 0; i < judgedIds.length; i += CHUNK) {
      await items.updateMany(
        { _id: { $in: judgedIds.slice(i, i + CHUNK) }, judgedBy: userId },
        { $set: { 'judgedBy.$[who]': pseudonym } },
        { arrayFilters: [{ who: userId }] },
      );
    }
    const decidedIds = byKind(decided, kind);
    for (let i = 0; i < decidedIds.length; i += CHUNK) {
      await items.updateMany(
        { _id: { $in: decidedIds.slice(i, i + CHUNK) }, 'decidedBy.userId': userId },
        { $set: { 'decidedBy.userId': pseudonym } },
      );
    }
  }
}

/**
 * A deleted account leaves the text service. What was only theirs goes: their dataset uploads (files
 * included) and the notifications addressed to them. What they gave under a licence or did for others stays
 * without a link back to them: sentences and pairs they wrote, their reviews, reports and decisions, their
 * activity counts, and the projects and tasks they own, belong to or created carry `pseudonym` (an id no
 * account has) and, where a name was shown, DELETED_ACCOUNT_NAME. Idempotent: the gateway calls it again,
 * with the same pseudonym, after a failure.
 */
export async function eraseUserText(db: Db, userId: string, pseudonym: string): Promise<void> {
  const name = DELETED_ACCOUNT_NAME;
  const rename = (collection: string, field: string) =>
    db.collection(collection).updateMany({ [field]: userId }, { $set: { [field]: pseudonym } });
  await removeOwnUploads(db, userId);
  // Before the judgements are renamed below; it finds them under either id anyway.
  await renameOnReviewedItems(db, userId, pseudonym);
  await Promise.all([
    rename(SENTENCES, 'authorId'),
    rename(TEXT_PAIRS, 'authorId'),
    rename(SENTENCE_FLAGS, 'reporterId'),
    rename(TEXT_PAIR_FLAGS, 'reporterId'),
    rename(REVIEW_JUDGEMENTS, 'userId'),
    rename(REVIEW_DECISIONS, 'adminId'),
    ...ACTIVITY_COLLECTIONS.map((collection) => rename(collection, 'userId')),
    projects(db).updateMany({ ownerId: userId }, { $set: { ownerId: pseudonym } }),
    projects(db).updateMany({ 'owner.id': userId }, { $set: { 'owner.id': pseudonym, 'owner.name': name } }),
    projects(db).updateMany(
      { memberIds: userId },
      { $set: { 'memberIds.$[id]': pseudonym, 'members.$[who]': { id: pseudonym, name } } },
      { arrayFilters: [{ id: userId }, { 'who.id': userId }] },
    ),
    tasks(db).updateMany(
      { assigneeId: userId },
      { $set: { assigneeId: pseudonym, 'assignee.id': pseudonym, 'assignee.name': name } },
    ),
    tasks(db).updateMany(
      { 'createdBy.id': userId },
      { $set: { 'createdBy.id': pseudonym, 'createdBy.name': name } },
    ),
    tasks(db).updateMany({ 'publicLink.createdBy': userId }, { $set: { 'publicLink.createdBy': pseudonym } }),
    notifications(db).deleteMany({ userId }),
    notifications(db).updateMany({ 'by.id': userId }, { $set: { 'by.id': pseudonym, 'by.name': name } }),
  ]);
}
