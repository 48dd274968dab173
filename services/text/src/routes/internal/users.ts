import type { Collection, Document } from 'mongodb';
import {
  deleteInternalUserText,
  getInternalStoredBytesText,
  getInternalUserTextStats,
  postInternalDigestClaim,
} from '@platform/contracts';
import { databaseOf, routeModule, serveRoute } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { claimDigest } from '../../notifications/digest';
import { judgements } from '../../review/store';
import { SENTENCES } from '../../sentences/store';
import { storedUploadBytes } from '../../storage/stored-bytes';
import { textPairs } from '../../text-pairs/store';
import { eraseUserText } from '../../workspace/erase';

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

/** Internal: what the text service holds about one person, for the gateway and the speech service. */
export default routeModule<TextContext>(
  [getInternalUserTextStats, getInternalStoredBytesText, postInternalDigestClaim, deleteInternalUserText],
  (app) => {
    // Speech -> text: a person's text figures for their stats page.
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

    // Gateway -> text: what a person's uploads take, for their storage quota.
    serveRoute(app, getInternalStoredBytesText, async (request) => ({
      bytes: await storedUploadBytes(databaseOf(app), request.params.id),
    }));

    // Gateway -> text: taking a person's notifications for the digest mail.
    serveRoute(app, postInternalDigestClaim, async (request) => ({
      items: await claimDigest(databaseOf(app), request.params.id, request.body.kinds, app.now()),
    }));

    // Gateway -> text: a deleted account's uploads go, and nothing else here names it any more.
    serveRoute(app, deleteInternalUserText, async (request) => {
      await eraseUserText(databaseOf(app), request.params.id, request.query.pseudonym);
      return { done: true as const };
    });
  },
);
