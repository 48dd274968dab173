import { PROJECT_PACE_MIN_DAYS, type ProjectStatus } from '@platform/contracts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a due day: a project or task is late from the UTC midnight after its due date. */
export const dueEnd = (dueDate: Date): Date => new Date(dueDate.getTime() + DAY_MS);

/** A period [start, dueDate + 1 day) and the moment it is judged at. */
export interface Period {
  startDate: Date;
  dueDate: Date;
  now: Date;
}

/** Days the period has run (0 before it starts, the whole period once it is over), in fractions of a day. */
export function elapsedDays({ startDate, dueDate, now }: Period): number {
  const until = Math.min(now.getTime(), dueEnd(dueDate).getTime());
  return Math.max(0, (until - startDate.getTime()) / DAY_MS);
}

/** Days left before the period ends (the whole period before it starts, 0 once it is over). */
export function remainingDays({ startDate, dueDate, now }: Period): number {
  const from = Math.max(now.getTime(), startDate.getTime());
  return Math.max(0, (dueEnd(dueDate).getTime() - from) / DAY_MS);
}

/** done / count in whole percents, capped at 100. */
export const percentOf = (done: number, count: number): number =>
  count <= 0 ? 100 : Math.min(100, Math.floor((done * 100) / count));

/**
 * Where the current pace reaches by the end of the period: done + (done / elapsed days) × remaining days; just
 * `done` while the period has run less than PROJECT_PACE_MIN_DAYS (too soon to extrapolate).
 */
export function projectedDone(done: number, period: Period): number {
  const elapsed = elapsedDays(period);
  if (elapsed < PROJECT_PACE_MIN_DAYS) return done;
  return Math.floor(done + (done / elapsed) * remainingDays(period));
}

export interface TargetFigures {
  count: number;
  done: number;
}

export interface TargetOutcome {
  done: number;
  percent: number;
  projected: number;
}

export const targetOutcome = (target: TargetFigures, period: Period): TargetOutcome => ({
  done: target.done,
  percent: percentOf(target.done, target.count),
  projected: projectedDone(target.done, period),
});

/** The mean of the targets' percents, floored (100 for a project without targets). */
export function projectProgress(targets: readonly TargetFigures[]): number {
  if (targets.length === 0) return 100;
  const sum = targets.reduce((acc, t) => acc + percentOf(t.done, t.count), 0);
  return Math.floor(sum / targets.length);
}

/**
 * A project's status (SPEC §4's badge: On Track, At Risk, Delayed, Completed), computed from its targets:
 * - completed: every target reached;
 * - delayed: not completed and the due date is over;
 * - at-risk: the project has run at least PROJECT_PACE_MIN_DAYS and some target's projected total falls short;
 * - active (On Track): otherwise, including a project that has not started or run long enough to judge.
 */
export function projectStatus(targets: readonly TargetFigures[], period: Period): ProjectStatus {
  if (targets.every((t) => t.done >= t.count)) return 'completed';
  if (period.now.getTime() >= dueEnd(period.dueDate).getTime()) return 'delayed';
  if (elapsedDays(period) < PROJECT_PACE_MIN_DAYS) return 'active';
  if (targets.some((t) => projectedDone(t.done, period) < t.count)) return 'at-risk';
  return 'active';
}
