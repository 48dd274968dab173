import type { ElementType, ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing, srOnly } from '../../theme/mixins';
import { Skeleton } from '../Skeleton/Skeleton';

export interface StatCardProps {
  label: ReactNode;
  /** The figure, exactly as the caller gives it (formatting is the caller's; nothing is defaulted). */
  value?: ReactNode;
  /** Makes the whole card a link. */
  href?: string;
  /** Render the link with a router component (e.g. react-router's `Link`); it receives `to={href}`. */
  linkAs?: ElementType;
  icon?: ReactNode;
  /** A line under the value, e.g. "since last week". */
  description?: ReactNode;
  /** Shows a skeleton in place of the value and marks the card busy. */
  loading?: boolean;
  className?: string;
}

const Root = styled.div<{ $link: boolean }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  min-width: 0;
  transition:
    box-shadow ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast};
  ${({ $link, theme }) =>
    $link
      ? `
    cursor: pointer;
    &:hover { box-shadow: ${theme.shadows.md}; border-color: ${theme.colors.primary.main}; color: ${theme.colors.text}; }
  `
      : ''}
  ${focusRing}
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Value = styled.span`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  font-variant-numeric: tabular-nums;
`;

const Description = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const IconSlot = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  flex: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary.subtle};
  color: ${({ theme }) => theme.colors.primary.main};
`;

const LoadingText = styled.span`
  ${srOnly}
`;

/** A labelled figure for dashboards; optionally a link to the detail page. */
export function StatCard({
  label,
  value,
  href,
  linkAs,
  icon,
  description,
  loading = false,
  className,
}: StatCardProps) {
  const linkProps = href === undefined ? {} : linkAs ? { as: linkAs, to: href } : { as: 'a' as const, href };
  return (
    <Root {...linkProps} $link={href !== undefined} className={className} aria-busy={loading || undefined}>
      <Body>
        <Label>{label}</Label>
        {loading ? (
          <Value>
            <Skeleton width="4rem" height="2rem" />
            <LoadingText>Loading</LoadingText>
          </Value>
        ) : (
          <Value data-testid="stat-value">{value}</Value>
        )}
        {description ? <Description>{description}</Description> : null}
      </Body>
      {icon ? <IconSlot aria-hidden="true">{icon}</IconSlot> : null}
    </Root>
  );
}
