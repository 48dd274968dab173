import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div<{ $tone: 'error' | 'success' | 'info' }>`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $tone }) => theme.colors[$tone === 'error' ? 'danger' : $tone].main};
  background: ${({ theme, $tone }) => theme.colors[$tone === 'error' ? 'danger' : $tone].subtle};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  p {
    margin: 0;
  }
  strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space[1]};
  }
`;

/**
 * The SPEC's "Error box" (and its calmer siblings): a title and a message. Errors are announced at once
 * (role alert); confirmations politely (role status).
 */
export function MessageBox({
  tone,
  title,
  children,
  announce = true,
}: {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  /** false when the box sits inside a live region that already announces it. */
  announce?: boolean;
}) {
  const role = announce ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <Box $tone={tone} role={role} data-message-box={tone}>
      {title ? <strong>{title}</strong> : null}
      <p>{children}</p>
    </Box>
  );
}
