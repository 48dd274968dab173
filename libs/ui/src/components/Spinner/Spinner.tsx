import styled, { keyframes } from 'styled-components';
import { srOnly } from '../../theme/mixins';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const sizes = { sm: '1rem', md: '1.5rem', lg: '2.5rem' } as const;
export type SpinnerSize = keyof typeof sizes;

const Ring = styled.span<{ $size: SpinnerSize }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => sizes[$size]};
  height: ${({ $size }) => sizes[$size]};
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  opacity: 0.85;
  animation: ${spin} 0.7s linear infinite;
  vertical-align: middle;
`;

const Label = styled.span`
  ${srOnly}
`;

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, announced to screen readers. */
  label?: string;
  /**
   * Hide from assistive technology because the surrounding element already says it is busy
   * (e.g. a Button with aria-busy).
   */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  if (decorative) {
    return <Ring $size={size} aria-hidden="true" className={className} data-spinner="" />;
  }
  return (
    // role="status" is not named from its content, hence aria-label; the hidden text is what gets announced.
    <span role="status" aria-label={label} className={className}>
      <Ring $size={size} aria-hidden="true" data-spinner="" />
      <Label>{label}</Label>
    </span>
  );
}
