import type { ObjectId } from 'mongodb';
import { VOTES_TO_DECIDE, type VoteReply } from '@platform/contracts';
import type { ActivityEvent } from '@platform/service-kit';
import type { Collections } from '../collections';
import { recordingDecided } from '../activity/events';

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

export interface VoteApplied {
  reply: VoteReply;
  /** The recording's decision when this vote made it (one event), else none. */
  decided: ActivityEvent[];
}

/**
 * Moves an undecided recording's counters by one vote (or one undone vote) and recomputes its status in the
 * same update; a vote that decides it also stamps `decidedAt` (`at`). Only an undecided recording matches, so
 * a vote that arrives after the decision (say from a batch loaded earlier) cannot reopen it: the caller gets
 * null and refuses the vote. Since only one update can move a recording out of undecided, the decision's
 * activity (`decided`) comes from exactly one vote.
 */
export async function applyVoteDelta(
  col: Collections,
  recordingId: ObjectId,
  isValid: boolean,
  delta: 1 | -1,
  at: Date = new Date(),
): Promise<VoteApplied | null> {
  const field = isValid ? 'yes' : 'no';
  const after = await col.recordings.findOneAndUpdate(
    { _id: recordingId, status: 'undecided' },
    [
      { $set: { [field]: { $add: [`$${field}`, delta] }, voteCount: { $add: ['$voteCount', delta] } } },
      { $set: { status: statusExpression } },
      {
        $set: {
          decidedAt: { $cond: [{ $eq: ['$status', 'undecided'] }, '$$REMOVE', { $literal: at }] },
        },
      },
    ],
    {
      returnDocument: 'after',
      projection: { yes: 1, no: 1, status: 1, speakerId: 1, language: 1, durationSeconds: 1 },
    },
  );
  if (!after) return null;
  return {
    reply: { id: recordingId.toHexString(), status: after.status, yes: after.yes, no: after.no },
    decided: recordingDecided(after, at),
  };
}
