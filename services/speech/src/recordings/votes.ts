import type { ObjectId } from 'mongodb';
import { VOTES_TO_DECIDE, type VoteReply } from '@platform/contracts';
import type { Collections } from '../collections';

const atLeastAndMore = (side: string, other: string) => ({
  $and: [{ $gte: [side, VOTES_TO_DECIDE] }, { $gt: [side, other] }],
});

/**
 * recordingStatusFor (contracts) as an aggregation expression, so the counters and the status change in
 * one atomic document update; the listen tests check the two agree for every vote sequence.
 */
const statusExpression = {
  $switch: {
    branches: [
      { case: atLeastAndMore('$yes', '$no'), then: 'validated' },
      { case: atLeastAndMore('$no', '$yes'), then: 'invalidated' },
    ],
    default: 'undecided',
  },
};

/**
 * Moves an undecided recording's counters by one vote (or one undone vote) and recomputes its status in the
 * same update. Only an undecided recording matches, so a vote that arrives after the decision (say from a
 * batch loaded earlier) cannot reopen it: the caller gets null and refuses the vote.
 */
export async function applyVoteDelta(
  col: Collections,
  recordingId: ObjectId,
  isValid: boolean,
  delta: 1 | -1,
): Promise<VoteReply | null> {
  const field = isValid ? 'yes' : 'no';
  const after = await col.recordings.findOneAndUpdate(
    { _id: recordingId, status: 'undecided' },
    [
      { $set: { [field]: { $add: [`$${field}`, delta] }, voteCount: { $add: ['$voteCount', delta] } } },
      { $set: { status: statusExpression } },
    ],
    { returnDocument: 'after', projection: { yes: 1, no: 1, status: 1 } },
  );
  if (!after) return null;
  return { id: recordingId.toHexString(), status: after.status, yes: after.yes, no: after.no };
}
