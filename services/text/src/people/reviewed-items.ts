import type { Collection, Document, ObjectId } from 'mongodb';

/** The items a person judged and decided, by id (found through their judgements and decisions). */
export interface ReviewedItems {
  judged: readonly ObjectId[];
  decided: readonly ObjectId[];
}

/** Ids per `$in`: small enough for every server to answer from the _id index. */
const CHUNK = 500;

/**
 * Review marks each item with who judged (`judgedBy`) and who decided it (`decidedBy.userId`): on these
 * items, a deleted account is named by its pseudonym instead.
 */
export async function renameReviewerOn(
  items: Pick<Collection<Document>, 'updateMany'>,
  reviewed: ReviewedItems,
  userId: string,
  pseudonym: string,
): Promise<void> {
  for (let i = 0; i < reviewed.judged.length; i += CHUNK) {
    await items.updateMany(
      { _id: { $in: reviewed.judged.slice(i, i + CHUNK) }, judgedBy: userId },
      { $set: { 'judgedBy.$[who]': pseudonym } },
      { arrayFilters: [{ who: userId }] },
    );
  }
  for (let i = 0; i < reviewed.decided.length; i += CHUNK) {
    await items.updateMany(
      { _id: { $in: reviewed.decided.slice(i, i + CHUNK) }, 'decidedBy.userId': userId },
      { $set: { 'decidedBy.userId': pseudonym } },
    );
  }
}
