import { REVIEW_DECISION_MIN } from '@platform/contracts';

export type Decision = 'validated' | 'rejected';

/**
 * The rule, as for recordings: validated with at least REVIEW_DECISION_MIN approvals and more approvals than
 * rejections; rejected with at least REVIEW_DECISION_MIN rejections and more rejections than approvals;
 * otherwise still pending (null).
 */
export function decisionOf(approvals: number, rejections: number): Decision | null {
  if (approvals >= REVIEW_DECISION_MIN && approvals > rejections) return 'validated';
  if (rejections >= REVIEW_DECISION_MIN && rejections > approvals) return 'rejected';
  return null;
}

const approvals = { $ifNull: ['$approvals', 0] };
const rejections = { $ifNull: ['$rejections', 0] };

/** The same rule as a MongoDB expression over a stored item (missing counts are 0): true once decided. */
export const DECIDED_EXPR = {
  $or: [
    { $and: [{ $gte: [approvals, REVIEW_DECISION_MIN] }, { $gt: [approvals, rejections] }] },
    { $and: [{ $gte: [rejections, REVIEW_DECISION_MIN] }, { $gt: [rejections, approvals] }] },
  ],
};
