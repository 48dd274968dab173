import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

const Block = styled.span<{ $width: string; $height: string; $radius: string }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ $radius }) => $radius};
  background: ${({ theme }) => theme.colors.neutral[200]};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  /** A circle of `width` diameter (avatars, round buttons). */
  circle?: boolean;
  /** Several text lines; the last one is shorter. */
  lines?: number;
  className?: string;
}

const toCss = (v: number | string) => (typeof v === 'number' ? `${v}px` : v);

/**
 * A placeholder shape shown while content loads. Hidden from assistive technology: mark the loading
 * region with aria-busy (or add a Spinner) so screen-reader users learn about loading.
 */
export function Skeleton({
  width = '100%',
  height = '1em',
  circle = false,
  lines,
  className,
}: SkeletonProps) {
  if (lines !== undefined && lines > 1) {
    return (
      <Lines aria-hidden="true" className={className} data-skeleton="">
        {Array.from({ length: lines }, (_, i) => (
          <Block
            key={i}
            $width={i === lines - 1 ? '60%' : toCss(width)}
            $height={toCss(height)}
            $radius="4px"
          />
        ))}
      </Lines>
    );
  }
  return (
    <Block
      aria-hidden="true"
      className={className}
      data-skeleton=""
      $width={toCss(width)}
      $height={toCss(circle ? width : height)}
      $radius={circle ? '50%' : '4px'}
    />
  );
}
