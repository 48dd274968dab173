import { useEffect, useRef, useState } from 'react';
import { COUNTER_DURATION_MS, COUNTER_STAGGER_MS, COUNTER_STEP_MS } from '@platform/contracts/client';

/**
 * Where counter `index` (of the row, from 0) stands after `step` steps of COUNTER_STEP_MS: it starts
 * COUNTER_STAGGER_MS × index after the first and rises evenly from 0 to its target over COUNTER_DURATION_MS.
 */
export function countUpValue(target: number, index: number, step: number): number {
  const elapsed = step * COUNTER_STEP_MS - index * COUNTER_STAGGER_MS;
  if (elapsed <= 0) return 0;
  if (elapsed >= COUNTER_DURATION_MS) return target;
  return (target * elapsed) / COUNTER_DURATION_MS;
}

/** The steps after which the last of `count` counters has reached its target. */
export const lastStep = (count: number) =>
  Math.ceil((COUNTER_DURATION_MS + Math.max(0, count - 1) * COUNTER_STAGGER_MS) / COUNTER_STEP_MS);

/**
 * The figures a row of counters shows. They count up from 0 once, when `start` first holds (the targets
 * have arrived and the row is in view), one step every COUNTER_STEP_MS; later targets (a refetch) show as
 * they are. With `instant` (reduced motion) the targets show at once.
 */
export function useCountUp(targets: readonly number[], start: boolean, instant: boolean): number[] {
  const [step, setStep] = useState(0);
  const started = useRef(false);
  const end = lastStep(targets.length);

  useEffect(() => {
    if (!start || instant || started.current) return;
    started.current = true;
    let current = 0;
    const timer = window.setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= end) window.clearInterval(timer);
    }, COUNTER_STEP_MS);
    return () => {
      window.clearInterval(timer);
      // Torn down before its end (StrictMode, or the page left): a later start runs it again from 0.
      if (current < end) started.current = false;
    };
  }, [start, instant, end]);

  if (instant) return [...targets];
  return targets.map((target, index) => countUpValue(target, index, step));
}
