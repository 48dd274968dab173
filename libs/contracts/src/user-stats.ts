import { Type, type Static } from '@sinclair/typebox';
import { Id, StrictObject } from './schema-helpers';

const Count = Type.Integer({ minimum: 0 });

/** The text service's part of a person's figures: what they wrote, added and reviewed. */
export const TextContributionStats = StrictObject({
  sentences: StrictObject({ written: Count, approved: Count }),
  textPairs: StrictObject({ added: Count, approved: Count }),
  /** Approvals and rejections given in Review (skips not counted). */
  reviews: Count,
});
export type TextContributionStats = Static<typeof TextContributionStats>;

/**
 * GET /api/user/stats: the signed-in person's contribution counts, from real data: recordings they submitted
 * and how many of those were validated, votes they cast, sentences plus recordings they skipped, and (from the
 * text service) sentences written, text pairs added and reviews given.
 */
export const UserStats = StrictObject({
  recordings: StrictObject({ submitted: Count, validated: Count }),
  votes: Count,
  skips: Count,
  /** Paired voice donations (Donate Your Voice) and how many of them were approved. */
  donations: StrictObject({ submitted: Count, approved: Count }),
  ...TextContributionStats.properties,
});
export type UserStats = Static<typeof UserStats>;

/** Internal, speech -> text: GET /internal/users/:id/text-stats. */
export const UserIdParams = StrictObject({ id: Id });
export type UserIdParams = Static<typeof UserIdParams>;
