import { i18n } from '@platform/i18n';
import { circleLabel, circleStates } from './roundProgress';

describe('round circles', () => {
  it('marks the first circle current at the start of a round', () => {
    expect(circleStates(5, [])).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('marks recorded sentences done, skipped or reported ones skipped, then the current one', () => {
    expect(circleStates(5, ['recorded', 'skipped', 'reported'])).toEqual([
      'done',
      'skipped',
      'skipped',
      'current',
      'upcoming',
    ]);
  });

  it('has no current circle once every sentence of the round is done', () => {
    expect(circleStates(3, ['recorded', 'recorded', 'recorded'])).toEqual(['done', 'done', 'done']);
  });

  it('labels each circle for screen readers', () => {
    const t = i18n.getFixedT('en', 'mf_contribute');
    expect(circleLabel(t, 0, 5, 'done')).toBe('Sentence 1 of 5: recorded');
    expect(circleLabel(t, 4, 5, 'upcoming')).toBe('Sentence 5 of 5: upcoming');
  });
});
