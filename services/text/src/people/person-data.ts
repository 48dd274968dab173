import type { Db } from 'mongodb';
import type { TextContributionStats } from '@platform/contracts';
import { judgements } from '../review/store';
import { eraseUserText, type ErasureStores } from '../workspace/erase';

/** What the text service holds about one person, across its stores: their figures, and their erasure. */
export function personData(db: Db, stores: ErasureStores) {
  return {
    /** A person's text figures for their stats page. */
    async textStats(userId: string): Promise<TextContributionStats> {
      const [sentences, pairs, reviews] = await Promise.all([
        stores.sentences.authored(userId),
        stores.pairs.authored(userId),
        // Approvals and rejections given; skips are not reviews.
        judgements(db).countDocuments({ userId, verdict: { $in: ['approve', 'reject'] } }),
      ]);
      return {
        sentences: { written: sentences.total, approved: sentences.validated },
        textPairs: { added: pairs.total, approved: pairs.validated },
        reviews,
      };
    },

    /** See eraseUserText. */
    erase: (userId: string, pseudonym: string) => eraseUserText(db, stores, userId, pseudonym),
  };
}

export type PersonData = ReturnType<typeof personData>;
