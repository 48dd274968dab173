import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';

export type BadgeVariant = 'neutral' | 'primary' | 'secondary' | 'success' | 'warning' | 'danger' | 'info';

export type BadgeProps = ComponentPropsWithRef<'span'> & {
  variant?: BadgeVariant;
  size?: 'sm' | 'md';
};

const Pill = styled.span<{ $variant: BadgeVariant; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme, $size }) => ($size === 'sm' ? `0 ${theme.space[2]}` : `${theme.space[1]} ${theme.space[3]}`)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.xs : theme.fontSizes.sm)};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.6;
  white-space: nowrap;
  background: ${({ theme, $variant }) =>
    $variant === 'neutral' ? theme.colors.neutral[100] : theme.colors[$variant].subtle};
  color: ${({ theme, $variant }) =>
    $variant === 'neutral' ? theme.colors.neutral[700] : theme.colors[$variant].subtleText};
`;

/** A short status or category label. */
export function Badge({ variant = 'neutral', size = 'md', ...rest }: BadgeProps) {
  return <Pill {...rest} $variant={variant} $size={size} />;
}
