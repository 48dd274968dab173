import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  margin-bottom: ${({ theme }) => theme.space[6]};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
    margin-bottom: ${({ theme }) => theme.space[2]};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0;
  }
`;

/**
 * A page's title (the one h1 the shell focuses after navigation) and optional subtitle, the same way on
 * every remote's page.
 */
export function PageHeader({
  title,
  subtitle,
  titleIsData = false,
  children,
}: {
  title: string;
  subtitle?: string;
  /** The title is a user's text (a project's name), not interface words: browsers must not translate it. */
  titleIsData?: boolean;
  children?: ReactNode;
}) {
  return (
    <Header>
      <h1 tabIndex={-1} translate={titleIsData ? 'no' : undefined}>
        {title}
      </h1>
      {subtitle ? <p>{subtitle}</p> : null}
      {children}
    </Header>
  );
}

/** The padded content column every page of a remote sits in. */
export const PageBody = styled.div`
  padding: ${({ theme }) => theme.space[6]};
  max-width: 1200px;
  margin: 0 auto;
  width: 100%;
`;
