import type { Db } from 'mongodb';
import { RECORDING_REPORT_REASONS, type ChartPeriod, type RecordingQuality } from '@platform/contracts';
import { periodWindow } from '@platform/service-kit';
import { collections } from '../collections';

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 100) / whole));

/**
 * Recordings decided by votes in the period's current window: how many, approved (validated) and rejected,
 * the votes cast on them and how many agreed with the decision (the recordings' own counters, so no vote is
 * read); and the reasons Listen's reports gave in the window, most frequent first. Both are aggregations
 * over an index (recordings by `decidedAt`, reports by kind and time).
 */
export async function recordingQuality(db: Db, period: ChartPeriod, now: Date): Promise<RecordingQuality> {
  const col = collections(db);
  const { start, end } = periodWindow(period, now);
  const window = { $gte: start, $lt: end };
  const isValidated = { $eq: ['$status', 'validated'] };
  const [figures, reasons] = await Promise.all([
    col.recordings
      .aggregate<{ decided: number; approved: number; rejected: number; votes: number; agreeing: number }>([
        { $match: { decidedAt: window } },
        {
          $group: {
            _id: null,
            decided: { $sum: 1 },
            approved: { $sum: { $cond: [isValidated, 1, 0] } },
            rejected: { $sum: { $cond: [isValidated, 0, 1] } },
            votes: { $sum: { $add: ['$yes', '$no'] } },
            agreeing: { $sum: { $cond: [isValidated, '$yes', '$no'] } },
          },
        },
      ])
      .toArray(),
    col.recordingMarks
      .aggregate<{ _id: string; count: number }>([
        { $match: { kind: 'reported', createdAt: window, reason: { $in: [...RECORDING_REPORT_REASONS] } } },
        { $group: { _id: '$reason', count: { $sum: 1 } } },
        { $sort: { count: -1, _id: 1 } },
      ])
      .toArray(),
  ]);
  const f = figures[0] ?? { decided: 0, approved: 0, rejected: 0, votes: 0, agreeing: 0 };
  return {
    recordings: {
      decided: f.decided,
      votes: f.votes,
      agreeing: f.agreeing,
      agreement: percent(f.agreeing, f.votes),
      approved: f.approved,
      rejected: f.rejected,
    },
    reportReasons: reasons.map((r) => ({ reason: r._id, count: r.count })),
  };
}
