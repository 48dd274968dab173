import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from '@platform/router';
import styled from 'styled-components';
import { useSessionQuery } from '@platform/store';
import { NEXT_PARAM, safeNext } from '@platform/remote-kit';
import { Skeleton, Spinner } from '@platform/ui';
import { useAuthT } from '../i18n';

const Waiting = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 30rem;
  margin: ${({ theme }) => `${theme.space[10]} auto`};
  padding: ${({ theme }) => theme.space[4]};
`;

/**
 * Sign-in and sign-up are for people who are signed out: a signed-in visitor goes to the dashboard (or to
 * the page they were on their way to). The session is asked of the server, since the plt cookie is
 * HttpOnly. While it is being read, a skeleton, so the form does not flash before the redirect.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const t = useAuthT();
  const { data: user, isLoading } = useSessionQuery();
  const [params] = useSearchParams();
  if (user) return <Navigate to={safeNext(params.get(NEXT_PARAM))} replace />;
  // Only the first reading: the re-reading a sign-in triggers must not take the form off the screen.
  if (isLoading) {
    return (
      <Waiting aria-busy="true">
        <Spinner label={t('common.checkingSession')} />
        <Skeleton lines={4} height="2.5rem" />
      </Waiting>
    );
  }
  // Signed out, or the session could not be read: the form works either way and says what failed.
  return <>{children}</>;
}
