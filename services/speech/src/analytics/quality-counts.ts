import type { Db } from 'mongodb';
import {
  RECORDING_REPORT_REASONS,
  type ChartPeriod,
  type RecordingQuality,
  type RecordingStatus,
} from '@platform/contracts';
import { periodWindow, utcDay } from '@platform/service-kit';
import { qualityDays as days } from './store';

type ReportReason = (typeof RECORDING_REPORT_REASONS)[number];
const isReportReason = (reason: string): reason is ReportReason =>
  (RECORDING_REPORT_REASONS as readonly string[]).includes(reason);

/** Every field of a day's document (the rebuild writes each, zeros included). */
export const QUALITY_FIGURE_PATHS = [
  'decided',
  'approved',
  'rejected',
  'votes',
  'agreeing',
  ...RECORDING_REPORT_REASONS.map((reason) => `reasons.${reason}`),
];

/** What one decision adds to its day: the recording, its votes and those that agreed with it. */
export function decisionFigures(r: { status: RecordingStatus; yes: number; no: number }) {
  const validated = r.status === 'validated';
  return {
    decided: 1,
    approved: validated ? 1 : 0,
    rejected: validated ? 0 : 1,
    votes: r.yes + r.no,
    agreeing: validated ? r.yes : r.no,
  };
}

/**
 * Counts a decision on its UTC day (called by the one vote that decided the recording, so once). Like the
 * activity counts, these daily figures let a period's quality read at most 366 small documents whatever the
 * number of recordings.
 */
export async function countDecision(
  db: Db,
  r: { status: RecordingStatus; yes: number; no: number },
  at: Date,
) {
  if (r.status === 'undecided') return;
  await days(db).updateOne({ _id: utcDay(at) }, { $inc: decisionFigures(r) }, { upsert: true });
}

/** Counts a Listen report's reason on its UTC day (called for a person's first report of a recording). */
export async function countReport(db: Db, reason: string, at: Date) {
  if (!isReportReason(reason)) return;
  await days(db).updateOne({ _id: utcDay(at) }, { $inc: { [`reasons.${reason}`]: 1 } }, { upsert: true });
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 100) / whole));

/**
 * Recordings decided by votes in the period's current window: how many, approved (validated) and rejected,
 * the votes cast on them and how many agreed with the decision; and the reasons Listen's reports gave in the
 * window, most frequent first. One aggregation over the window's daily figures (by _id, the day).
 */
export async function recordingQuality(db: Db, period: ChartPeriod, now: Date): Promise<RecordingQuality> {
  const { start, end } = periodWindow(period, now);
  const sum = (field: string) => ({ $sum: { $ifNull: [`$${field}`, 0] } });
  const [row] = await days(db)
    .aggregate<Record<string, number>>([
      { $match: { _id: { $gte: start, $lt: end } } },
      {
        $group: {
          _id: null,
          decided: sum('decided'),
          approved: sum('approved'),
          rejected: sum('rejected'),
          votes: sum('votes'),
          agreeing: sum('agreeing'),
          ...Object.fromEntries(RECORDING_REPORT_REASONS.map((r) => [`reason_${r}`, sum(`reasons.${r}`)])),
        },
      },
    ])
    .toArray();
  const n = (field: string) => row?.[field] ?? 0;
  return {
    recordings: {
      decided: n('decided'),
      votes: n('votes'),
      agreeing: n('agreeing'),
      agreement: percent(n('agreeing'), n('votes')),
      approved: n('approved'),
      rejected: n('rejected'),
    },
    reportReasons: RECORDING_REPORT_REASONS.map((reason) => ({ reason, count: n(`reason_${reason}`) }))
      .filter((r) => r.count > 0)
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
