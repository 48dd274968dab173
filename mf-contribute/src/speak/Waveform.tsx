import styled from 'styled-components';
import { reducedMotion } from '@platform/ui';

const Bars = styled.div<{ $active: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 3px;
  height: 48px;
  opacity: ${({ $active }) => ($active ? 1 : 0.35)};
`;

const Bar = styled.span`
  width: 4px;
  min-height: 2px;
  border-radius: 2px;
  background: ${({ theme }) => theme.colors.primary.main};
  transition: height 80ms linear;
  ${reducedMotion} {
    transition: none;
  }
`;

/** The live level of the microphone: 30 bars, newest on the right. */
export function Waveform({ levels, active }: { levels: readonly number[]; active: boolean }) {
  const peak = Math.max(0, ...levels);
  return (
    <Bars
      $active={active}
      aria-hidden="true"
      data-testid="waveform"
      data-active={active}
      data-peak={peak.toFixed(2)}
    >
      {levels.map((level, i) => (
        <Bar key={i} style={{ height: `${Math.max(4, Math.round(level * 100))}%` }} />
      ))}
    </Bars>
  );
}
