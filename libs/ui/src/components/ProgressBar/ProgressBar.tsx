import type { ReactNode } from 'react';
import { useId } from 'react';
import styled, { keyframes } from 'styled-components';

export type ProgressVariant = 'primary' | 'success' | 'warning' | 'danger';

export interface ProgressBarProps {
  /** Current value; omit for an indeterminate bar (no aria-valuenow). */
  value?: number;
  min?: number;
  max?: number;
  /** Visible label above the bar; also its accessible name. */
  label?: ReactNode;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  /** Text for screen readers instead of the number, e.g. "3 of 5 sentences". */
  valueText?: string;
  /** Show the percentage next to the label. */
  showValue?: boolean;
  variant?: ProgressVariant;
  size?: 'sm' | 'md';
  className?: string;
}

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Track = styled.div<{ $size: 'sm' | 'md' }>`
  position: relative;
  height: ${({ $size }) => ($size === 'sm' ? '0.375rem' : '0.625rem')};
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.neutral[200]};
`;

const Fill = styled.div<{ $variant: ProgressVariant; $indeterminate: boolean }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $variant }) => theme.colors[$variant].main};
  transition: width ${({ theme }) => theme.transitions.normal};
  ${({ $indeterminate }) => ($indeterminate ? 'width: 40%;' : '')}
  animation: ${({ $indeterminate }) => ($indeterminate ? slide : 'none')} 1.2s ease-in-out infinite;
`;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Progress of a task, as role="progressbar" with aria-valuenow/min/max. */
export function ProgressBar({
  value,
  min = 0,
  max = 100,
  label,
  valueText,
  showValue = false,
  variant = 'primary',
  size = 'md',
  className,
  ...rest
}: ProgressBarProps) {
  const labelId = useId();
  const indeterminate = value === undefined || Number.isNaN(value);
  const now = indeterminate ? undefined : clamp(value, min, max);
  const percent = now === undefined || max === min ? 0 : ((now - min) / (max - min)) * 100;
  return (
    <Root className={className}>
      {label || showValue ? (
        <Header>
          {label ? <span id={labelId}>{label}</span> : <span />}
          {showValue && !indeterminate ? <span aria-hidden="true">{Math.round(percent)}%</span> : null}
        </Header>
      ) : null}
      <Track
        $size={size}
        role="progressbar"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={now}
        aria-valuetext={valueText}
        aria-labelledby={label ? labelId : undefined}
        aria-label={label ? undefined : rest['aria-label']}
      >
        <Fill
          $variant={variant}
          $indeterminate={indeterminate}
          style={indeterminate ? undefined : { width: `${percent}%` }}
        />
      </Track>
    </Root>
  );
}
