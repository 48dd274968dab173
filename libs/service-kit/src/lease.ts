import type { Collection, Document, Filter, Sort, WithId } from 'mongodb';
import { isDuplicateKey } from './duplicate-key';

/** Where a lease is kept: one document of a collection, holding the holder's name and the lease's end. */
export interface LeaseSpot<T extends Document> {
  collection: Collection<T>;
  /** Finds the document (its _id, and any condition for the lease to be takeable at all); no `$or`. */
  filter: Filter<T>;
  /** The field naming the holder (default `holder`). */
  holderField?: string;
  /** The field holding the lease's end (default `until`). */
  untilField?: string;
  /** Create the document when there is none (a job's own lease document); default false. */
  upsert?: boolean;
  /** Which document to take when the filter finds several free ones (a queue's oldest item first). */
  sort?: Sort;
  /** More fields written by the same update that takes the lease (an item's state as its new holder starts). */
  set?: Document;
}

/** The value at a dotted path (`lease.owner`) of a document, as the update wrote it. */
const valueAt = (doc: Document | null, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Document | null | undefined)?.[key], doc);

/**
 * Takes the lease when it is free, has run out or is already `holder`'s (so the same call renews it): one
 * atomic update, so of several processes trying at once exactly one gets it. Answers the document as it now
 * stands, or null when someone else holds the lease or the filter finds nothing to lease.
 */
export async function takeLease<T extends Document>(
  spot: LeaseSpot<T>,
  holder: string,
  at: number,
  leaseMs: number,
): Promise<WithId<T> | null> {
  const holderField = spot.holderField ?? 'holder';
  const untilField = spot.untilField ?? 'until';
  try {
    const doc = await spot.collection.findOneAndUpdate(
      {
        ...spot.filter,
        // A missing end is a lease never taken.
        $or: [{ [untilField]: { $not: { $gt: new Date(at) } } }, { [holderField]: holder }],
      } as Filter<T>,
      { $set: { ...spot.set, [holderField]: holder, [untilField]: new Date(at + leaseMs) } as Partial<T> },
      { upsert: spot.upsert ?? false, returnDocument: 'after', ...(spot.sort ? { sort: spot.sort } : {}) },
    );
    return valueAt(doc, holderField) === holder ? doc : null;
  } catch (err) {
    // An upsert that met another holder's live lease.
    if (isDuplicateKey(err)) return null;
    throw err;
  }
}
