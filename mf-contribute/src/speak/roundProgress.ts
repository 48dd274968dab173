import type { Translate } from '@platform/i18n';

/** How each sentence of a round ended. */
export type Outcome = 'recorded' | 'skipped' | 'reported';

export type CircleState = 'done' | 'skipped' | 'current' | 'upcoming';

/** The state of each numbered circle: what happened to earlier sentences, the current one, the rest. */
export function circleStates(total: number, outcomes: readonly Outcome[]): CircleState[] {
  return Array.from({ length: total }, (_, i) => {
    const outcome = outcomes[i];
    if (outcome === 'recorded') return 'done';
    if (outcome) return 'skipped';
    return i === outcomes.length ? 'current' : 'upcoming';
  });
}

/** "Sentence 2 of 5: current", in the chosen language. */
export const circleLabel = (t: Translate, index: number, total: number, state: CircleState): string =>
  t('speak.circle', { number: index + 1, total, state });
