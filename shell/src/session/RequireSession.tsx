import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { signinPathFor, useSession } from '@platform/store';
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
  return (
    <Frame aria-busy="true" data-session-loading="">
      <Side>
        <Skeleton lines={8} height="1.5rem" />
      </Side>
      <Body>
        <Spinner label="Checking your session" />
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
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signedIn') return <>{children}</>;
  if (session.status === 'signedOut') return <Navigate to={signinPathFor(location)} replace />;
  if (session.status === 'unknown') {
    return (
      <Centered>
        <ErrorState
          title="We could not check whether you are signed in"
          message="The server did not answer. Please try again in a moment."
          onRetry={session.retry}
        />
      </Centered>
    );
  }
  return <SessionSkeleton />;
}
