import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';

const Count = Type.Integer({ minimum: 0 });

/**
 * GET /api/user/stats: the signed-in person's contribution counts, from real data: recordings they submitted
 * and how many of those were validated, votes they cast, and sentences plus recordings they skipped.
 */
export const UserStats = StrictObject({
  recordings: StrictObject({ submitted: Count, validated: Count }),
  votes: Count,
  skips: Count,
});
export type UserStats = Static<typeof UserStats>;
