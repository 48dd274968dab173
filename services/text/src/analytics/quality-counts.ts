import { REVIEW_REJECT_REASONS, type ReviewRejectReason } from '@platform/contracts';
import type { ReasonCount } from './series';

/**
 * Review's daily quality figures: one document per UTC day (`_id`) with the sentences and pairs decided that
 * day, how many were approved (validated) and rejected, the reviews counted on them (approvals + rejections)
 * and how many agreed with the decision, and the reasons of the rejections given that day. Written live
 * (countDecision, countReason in analytics/store.ts) and, for what was stored before, by the one-time rebuild
 * (activity/backfill.ts), so a period's quality reads at most 366 small documents whatever the number of items.
 */
export const REVIEW_QUALITY_DAILY = 'review_quality_daily';

export interface QualityFigures {
  decided: number;
  approved: number;
  rejected: number;
  votes: number;
  agreeing: number;
}

export const QUALITY_FIGURES = ['decided', 'approved', 'rejected', 'votes', 'agreeing'] as const;

/** Every field of a day's document (the rebuild writes each, zeros included). */
export const QUALITY_FIGURE_PATHS = [
  ...QUALITY_FIGURES,
  ...REVIEW_REJECT_REASONS.map((reason) => `reasons.${reason}`),
];

export interface ReviewQualityDayDoc extends Partial<QualityFigures> {
  _id: Date;
  reasons?: Partial<Record<ReviewRejectReason, number>>;
  /** What the rebuild added to this day (it adds only the difference on a second run). */
  backfilled?: Partial<QualityFigures> & { reasons?: Partial<Record<ReviewRejectReason, number>> };
}

export const isRejectReason = (reason: string): reason is ReviewRejectReason =>
  (REVIEW_REJECT_REASONS as readonly string[]).includes(reason);

/** What one decision adds to its day: the item, its reviews and those that agreed with it. */
export function decisionFigures(item: {
  status: 'validated' | 'rejected';
  approvals?: number;
  rejections?: number;
}): QualityFigures {
  const approvals = item.approvals ?? 0;
  const rejections = item.rejections ?? 0;
  const validated = item.status === 'validated';
  return {
    decided: 1,
    approved: validated ? 1 : 0,
    rejected: validated ? 0 : 1,
    votes: approvals + rejections,
    agreeing: validated ? approvals : rejections,
  };
}

export interface TextQuality extends QualityFigures {
  reasons: ReasonCount[];
}
