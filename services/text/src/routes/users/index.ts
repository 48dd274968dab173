import type { Collection, Document } from 'mongodb';
import { getInternalUserTextStats } from '@platform/contracts';
import { databaseOf, serveRoute, type ServiceApp } from '@platform/service-kit';
import { judgements } from '../../review/review-store';
import { SENTENCES } from '../../sentences/sentence-store';
import { textPairs } from '../../text-pairs/pair-store';

/** How many items one person authored, and how many of those are validated: one grouped count in the database. */
async function authored(collection: Collection<Document>, authorId: string) {
  const groups = await collection
    .aggregate<{ _id: string; n: number }>([
      { $match: { authorId } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ])
    .toArray();
  const total = groups.reduce((sum, g) => sum + g.n, 0);
  return { total, validated: groups.find((g) => g._id === 'validated')?.n ?? 0 };
}

/** Internal, speech -> text: a person's text figures for GET /api/user/stats. */
export function internalUserRoutes(app: ServiceApp) {
  serveRoute(app, getInternalUserTextStats, async (request) => {
    const userId = request.params.id;
    const db = databaseOf(app);
    const [sentences, pairs, reviews] = await Promise.all([
      authored(db.collection(SENTENCES), userId),
      authored(textPairs(db) as unknown as Collection<Document>, userId),
      // Approvals and rejections given; skips are not reviews.
      judgements(db).countDocuments({ userId, verdict: { $in: ['approve', 'reject'] } }),
    ]);
    return {
      sentences: { written: sentences.total, approved: sentences.validated },
      textPairs: { added: pairs.total, approved: pairs.validated },
      reviews,
    };
  });
}
