import type { ActivityKind, TargetKind } from '@platform/contracts';

/** What counts towards a target of each kind: decided-good items, or for reviews the judgements given. */
const TARGET_ACTIVITY: Record<string, ActivityKind[]> = {
  recordings: ['recordings.validated'],
  donations: ['donations.approved'],
  'text-pairs': ['pairs.approved'],
  sentences: ['sentences.approved'],
  reviews: ['reviews.given', 'votes.given'],
};

/** The decided-bad counterpart of each kind, for quality; reviews have none (quality is null). */
const TARGET_REJECTED: Record<string, ActivityKind[] | null> = {
  recordings: ['recordings.rejected'],
  donations: ['donations.rejected'],
  'text-pairs': ['pairs.rejected'],
  sentences: ['sentences.rejected'],
  reviews: null,
};

/** Quality of a task without a target: every contribution kind together. */
export const ALL_VALIDATED: ActivityKind[] = [
  'recordings.validated',
  'donations.approved',
  'pairs.approved',
  'sentences.approved',
];
export const ALL_REJECTED: ActivityKind[] = [
  'recordings.rejected',
  'donations.rejected',
  'pairs.rejected',
  'sentences.rejected',
];

/** What counts towards a target of this kind. */
export function targetActivity(kind: TargetKind): ActivityKind[] {
  const kinds = TARGET_ACTIVITY[kind];
  if (!kinds) throw new Error(`no activity counts targets of kind ${kind}`);
  return kinds;
}

/** The decided-bad counterpart of a target's kind, or null when it has none (reviews). */
export const targetRejected = (kind: TargetKind): ActivityKind[] | null => TARGET_REJECTED[kind] ?? null;
