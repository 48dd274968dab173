import { PROJECT_PACE_MIN_DAYS } from '@platform/contracts';
import { projectedDone, projectProgress, projectStatus, targetOutcome } from './progress';

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const at = (iso: string) => new Date(iso);
// A ten-day project: 1–10 November 2026, over at the midnight starting 11 November.
const period = (now: Date) => ({ startDate: day('2026-11-01'), dueDate: day('2026-11-10'), now });

describe('project progress', () => {
  test('a target’s percent is floored and capped at 100; the project’s is the floored mean', () => {
    expect(targetOutcome({ count: 3, done: 1 }, period(at('2026-11-02T00:00:00Z'))).percent).toBe(33);
    expect(targetOutcome({ count: 10, done: 25 }, period(at('2026-11-02T00:00:00Z'))).percent).toBe(100);
    expect(
      projectProgress([
        { count: 3, done: 1 },
        { count: 10, done: 25 },
      ]),
    ).toBe(66);
  });

  test('projected: done plus the daily pace times the days left', () => {
    // 5 days run (1–5 Nov), 5 left: 20 done → 40 by the end.
    expect(projectedDone(20, period(at('2026-11-06T00:00:00Z')))).toBe(40);
    // Before a day has run, the projection is what is done.
    expect(projectedDone(3, period(at('2026-11-01T12:00:00Z')))).toBe(3);
  });
});

describe('project status', () => {
  test('completed when every target is reached, even past the due date', () => {
    const targets = [
      { count: 10, done: 10 },
      { count: 5, done: 7 },
    ];
    expect(projectStatus(targets, period(at('2026-11-03T00:00:00Z')))).toBe('completed');
    expect(projectStatus(targets, period(at('2026-12-01T00:00:00Z')))).toBe('completed');
  });

  test('delayed from the midnight after the due date, not before', () => {
    const targets = [{ count: 10, done: 9 }];
    expect(projectStatus(targets, period(at('2026-11-10T23:59:59.999Z')))).not.toBe('delayed');
    expect(projectStatus(targets, period(at('2026-11-11T00:00:00Z')))).toBe('delayed');
  });

  test('at risk when the pace falls short of a target', () => {
    // 5 days run, 5 left: 20 done → 40 projected, short of 50.
    expect(
      projectStatus(
        [
          { count: 50, done: 20 },
          { count: 10, done: 10 },
        ],
        period(at('2026-11-06T00:00:00Z')),
      ),
    ).toBe('at-risk');
  });

  test('on track when every target’s pace reaches it', () => {
    // 5 days run, 5 left: 25 done → 50 projected, exactly the target.
    expect(projectStatus([{ count: 50, done: 25 }], period(at('2026-11-06T00:00:00Z')))).toBe('active');
  });

  test('too early to judge: on track before the project has run PROJECT_PACE_MIN_DAYS', () => {
    const now = new Date(day('2026-11-01').getTime() + PROJECT_PACE_MIN_DAYS * 86_400_000 - 1);
    expect(projectStatus([{ count: 1000, done: 0 }], period(now))).toBe('active');
    const later = new Date(day('2026-11-01').getTime() + PROJECT_PACE_MIN_DAYS * 86_400_000);
    expect(projectStatus([{ count: 1000, done: 0 }], period(later))).toBe('at-risk');
  });

  test('a project that starts in the future is on track, its projection what is done', () => {
    const before = period(at('2026-10-20T00:00:00Z'));
    expect(projectStatus([{ count: 1000, done: 0 }], before)).toBe('active');
    expect(targetOutcome({ count: 1000, done: 0 }, before).projected).toBe(0);
  });
});
