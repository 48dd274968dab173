import type { Collection, Document } from 'mongodb';
import type { SentenceStatus } from '@platform/contracts';

/** How many items one person authored, and how many of those are validated: one grouped count in the database. */
export async function authoredByStatus(
  collection: Pick<Collection<Document>, 'aggregate'>,
  authorId: string,
): Promise<{ total: number; validated: number }> {
  const groups = await collection
    .aggregate<{ _id: SentenceStatus; n: number }>([
      { $match: { authorId } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ])
    .toArray();
  const total = groups.reduce((sum, g) => sum + g.n, 0);
  return { total, validated: groups.find((g) => g._id === 'validated')?.n ?? 0 };
}
