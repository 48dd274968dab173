import type { Db } from 'mongodb';
import type { LanguageCode, LanguageDistribution } from '@platform/contracts';
import { activityCollection, ALL_PEOPLE } from '@platform/service-kit';

/** A paired voice donation is two clips (its English and Yoruba sides), as releases count them. */
const CLIPS_PER_DONATION = 2;

/**
 * Clips and hours per language of the decided-good speech: validated recordings and approved voice donations
 * (counted in Yoruba, both sides), summed in MongoDB from everyone's monthly activity counts. Most clips first.
 */
export async function languageDistribution(db: Db): Promise<LanguageDistribution> {
  const rows = await activityCollection(db, 'month')
    .aggregate<{ _id: LanguageCode; clips: number; seconds: number }>([
      { $match: { kind: { $in: ['recordings.validated', 'donations.approved'] }, userId: ALL_PEOPLE } },
      {
        $group: {
          _id: '$language',
          clips: {
            $sum: {
              $cond: [
                { $eq: ['$kind', 'donations.approved'] },
                { $multiply: ['$count', CLIPS_PER_DONATION] },
                '$count',
              ],
            },
          },
          seconds: { $sum: '$seconds' },
        },
      },
      { $match: { clips: { $gt: 0 } } },
      { $sort: { clips: -1, _id: 1 } },
    ])
    .toArray();
  return {
    languages: rows.map((r) => ({
      language: r._id,
      clips: r.clips,
      hours: Math.round((r.seconds / 3600) * 100) / 100,
    })),
  };
}
