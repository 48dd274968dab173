import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';

const Count = Type.Integer({ minimum: 0 });

/** GET /api/user/stats: the signed-in person's contribution counts. */
export const UserStats = StrictObject({
  recordingsSubmitted: Count,
  recordingsValidated: Count,
  votesCast: Count,
  skips: Count,
});
export type UserStats = Static<typeof UserStats>;
