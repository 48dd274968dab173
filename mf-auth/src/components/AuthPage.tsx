import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '@platform/ui';
import { PageHeader } from '@platform/remote-kit';

const Frame = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]}`};
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.surfaceSunken};
`;

const Column = styled.div`
  width: min(30rem, 100%);
`;

/** The frame every auth screen shares: a centred card with the page's one heading. */
export function AuthPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Frame>
      <Column>
        <Card elevated padding="lg">
          <PageHeader title={title} subtitle={subtitle} />
          {children}
        </Card>
      </Column>
    </Frame>
  );
}

/** A vertical stack of form fields and buttons. */
export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const FooterText = styled.p`
  margin: 0;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
