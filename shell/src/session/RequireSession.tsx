import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from '@platform/router';
import styled from 'styled-components';
import { useSession, useSignOutMutation } from '@platform/store';
import { signinPathFor } from '@platform/remote-kit';
import { SIGNIN_PATH, SIGN_OUT_CACHE_KEY } from './useLogout';
import { useLastSessionOffline } from './useLastSessionOffline';
import { useT } from '@platform/i18n';
import { ErrorState, Skeleton, Spinner } from '@platform/ui';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
`;

const Side = styled.div`
  width: 16rem;
  padding: ${({ theme }) => theme.space[4]};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[6]};
`;

/** The signed-in area's outline while the session is read: no flash of the sign-in page, no fake content. */
function SessionSkeleton() {
  const t = useT();
  return (
    <Frame aria-busy="true" data-session-loading="">
      <Side>
        <Skeleton lines={8} height="1.5rem" />
      </Side>
      <Body>
        <Spinner label={t('session.checking')} />
        <Skeleton height="2.5rem" width="40%" />
        <Skeleton lines={5} />
      </Body>
    </Frame>
  );
}

const Centered = styled.div`
  max-width: 32rem;
  margin: 20vh auto 0;
  padding: ${({ theme }) => theme.space[4]};
`;

/**
 * Every page of the app and contributor layouts is for signed-in people: a signed-out visitor goes to
 * /signin?next=<where they were going> and comes back there after signing in.
 *
 * `required={false}` is for the few pages of those layouts that are for everyone (a route flagged
 * `signedOut: 'allowed'`): they render at once, whoever is there. The guard stays in the tree either way, so
 * that moving between an open page and a guarded one keeps the layout (and its sidebar) mounted.
 */
export function RequireSession({ children, required = true }: { children: ReactNode; required?: boolean }) {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const goingOnOffline = useLastSessionOffline();
  // A Logout clears the session before its own navigation lands; the page must not be remembered as the place
  // to come back to, so the sign-out's state (shared with useLogout) tells the two apart. It is forgotten
  // when the guarded page goes away, so a later visit is remembered again.
  const [, signOut] = useSignOutMutation({ fixedCacheKey: SIGN_OUT_CACHE_KEY });
  const endedByLogout = signOut.isLoading || signOut.isSuccess;
  const signedIn = session.status === 'signedIn';
  // The guard never starts a sign-out itself, so its reset stays the same function while it is mounted.
  const { reset } = signOut;
  useEffect(() => reset, [reset]);
  if (signedIn || !required) return <>{children}</>;
  if (session.status === 'signedOut') {
    return <Navigate to={endedByLogout ? SIGNIN_PATH : signinPathFor(location)} replace />;
  }
  if (session.status === 'unknown' && !goingOnOffline) {
    return (
      <Centered>
        <ErrorState
          title={t('session.unknownTitle')}
          message={t('session.unknownMessage')}
          retryLabel={t('common.retry')}
          onRetry={session.retry}
        />
      </Centered>
    );
  }
  return <SessionSkeleton />;
}
