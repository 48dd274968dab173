import type { Collection, Document, Filter, ObjectId, Sort } from 'mongodb';
import { SEARCH_RESULTS_MAX } from '@platform/contracts';
import { containsPattern, prefixPattern } from './common';

/**
 * Up to SEARCH_RESULTS_MAX documents of `scope` with one of `fields` matching the query, case-insensitively:
 * those starting with it first, then those containing it. For the stores the top bar searches.
 */
export async function prefixThenContains<T extends Document & { _id: ObjectId }>(
  collection: Collection<T>,
  scope: Filter<T>,
  fields: readonly string[],
  q: string,
  options: { projection: Document; sort: Sort },
): Promise<T[]> {
  const matching = (pattern: RegExp, exclude: ObjectId[]): Filter<T> =>
    ({
      $and: [scope, { $or: fields.map((f) => ({ [f]: pattern })) }, { _id: { $nin: exclude } }],
    }) as Filter<T>;
  const run = (filter: Filter<T>, limit: number) =>
    collection
      .find(filter, { projection: options.projection })
      .sort(options.sort)
      .limit(limit)
      .toArray() as Promise<T[]>;
  const first = await run(matching(prefixPattern(q), []), SEARCH_RESULTS_MAX);
  if (first.length >= SEARCH_RESULTS_MAX) return first;
  const more = await run(
    matching(
      containsPattern(q),
      first.map((d) => d._id),
    ),
    SEARCH_RESULTS_MAX - first.length,
  );
  return [...first, ...more];
}
