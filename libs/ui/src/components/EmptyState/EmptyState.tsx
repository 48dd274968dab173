import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** E.g. a Button to create the first item or clear filters. */
  action?: ReactNode;
  icon?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export const StateRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const StateIcon = styled.div`
  display: inline-flex;
  font-size: 2.5rem;
  color: ${({ theme }) => theme.colors.neutral[400]};
`;

export const StateTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.text};
`;

export const StateText = styled.p`
  margin: 0;
  max-width: 32rem;
`;

export const StateAction = styled.div`
  margin-top: ${({ theme }) => theme.space[3]};
`;

/** What to show when a list or search has nothing in it. */
export function EmptyState({
  title,
  description,
  action,
  icon,
  headingLevel = 3,
  className,
}: EmptyStateProps) {
  return (
    <StateRoot className={className}>
      {icon ? <StateIcon aria-hidden="true">{icon}</StateIcon> : null}
      <StateTitle as={`h${headingLevel}`}>{title}</StateTitle>
      {description ? <StateText>{description}</StateText> : null}
      {action ? <StateAction>{action}</StateAction> : null}
    </StateRoot>
  );
}
