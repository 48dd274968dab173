import styled, { css } from 'styled-components';
import type { CircleState, Outcome } from './roundProgress';
import { useContributeT } from '../i18n';
import { circleLabel, circleStates } from './roundProgress';

const Row = styled.ol`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Circle = styled.li<{ $state: CircleState }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: ${({ theme }) => theme.radii.round};
  border: 2px solid ${({ theme }) => theme.colors.border};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.surface};
  ${({ theme, $state }) =>
    $state === 'done'
      ? css`
          background: ${theme.colors.primary.main};
          border-color: ${theme.colors.primary.main};
          color: ${theme.colors.primary.contrastText};
        `
      : $state === 'current'
        ? css`
            border-color: ${theme.colors.primary.main};
            color: ${theme.colors.primary.main};
            box-shadow: 0 0 0 3px ${theme.colors.primary.subtle};
          `
        : $state === 'skipped'
          ? css`
              background: ${theme.colors.surfaceSunken};
              border-style: dashed;
            `
          : ''}
`;

/** The row of numbered circles (SPEC: current, done and upcoming sentences of the round). */
export function ProgressCircles({ total, outcomes }: { total: number; outcomes: readonly Outcome[] }) {
  const t = useContributeT();
  const states = circleStates(total, outcomes);
  return (
    <Row aria-label={t('speak.progress')}>
      {states.map((state, i) => (
        <Circle
          key={i}
          $state={state}
          data-state={state}
          aria-label={circleLabel(t, i, total, state)}
          aria-current={state === 'current' ? 'step' : undefined}
        >
          {i + 1}
        </Circle>
      ))}
    </Row>
  );
}
