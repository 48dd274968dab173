import type { Db } from 'mongodb';
import { REVIEW_JUDGEMENTS } from '../review/store';
import { SENTENCES } from '../sentences/store';

/** The statuses of a decided item. */
export const DECIDED = ['validated', 'rejected'];

/**
 * Gives sentences decided before decisions were dated their decision's date (pairs always had one): an
 * admin's decision at its time, a decision by reviews at the last approval or rejection. Quality metrics and
 * the rebuild both read decisions by this date. Runs in MongoDB ($merge); a second run finds nothing to do.
 */
export async function datePastDecisions(db: Db): Promise<void> {
  const undated = { status: { $in: DECIDED }, decidedAt: { $exists: false } };
  await db
    .collection(SENTENCES)
    .updateMany({ ...undated, 'decidedBy.at': { $exists: true } }, [
      { $set: { decidedAt: '$decidedBy.at' } },
    ]);
  await db
    .collection(REVIEW_JUDGEMENTS)
    .aggregate([
      { $match: { kind: 'sentence', verdict: { $in: ['approve', 'reject'] } } },
      { $group: { _id: '$itemId', decidedAt: { $max: '$at' } } },
      { $lookup: { from: SENTENCES, localField: '_id', foreignField: '_id', as: 'item' } },
      { $match: { 'item.status': { $in: DECIDED }, 'item.decidedAt': { $exists: false } } },
      { $project: { decidedAt: 1 } },
      { $merge: { into: SENTENCES, on: '_id', whenMatched: 'merge', whenNotMatched: 'discard' } },
    ])
    .toArray();
}
