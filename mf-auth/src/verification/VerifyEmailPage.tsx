import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from '@platform/router';
import styled from 'styled-components';
import { VERIFICATION_LINK_TTL_HOURS } from '@platform/contracts';
import { useVerifyEmailMutation } from '@platform/store';
import { Button, Spinner } from '@platform/ui';
import { AuthPage, Stack } from '../components/AuthPage';
import { MessageBox } from '../components/MessageBox';
import { BUSY_LABELS, SCREEN_MESSAGES } from '../messages';
import { redeemOnce, verifyStateOf } from './redeemLink';
import type { VerifyState } from './redeemLink';
import { ResendOutcome, useResendLink } from './useResendLink';

const Centered = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Address = styled.strong`
  word-break: break-all;
`;

/** /auth/verify?token=...: redeems the emailed link and says what came of it (SPEC §2 states). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [verifyEmail] = useVerifyEmailMutation();
  const { resend, sending: resending, failure: resendFailure, notice } = useResendLink();
  const [state, setState] = useState<VerifyState>(token ? { status: 'verifying' } : { status: 'invalid' });
  const [attempt, setAttempt] = useState(0);

  const redeem = useCallback(
    async (value: string) => verifyStateOf(await verifyEmail({ token: value })),
    [verifyEmail],
  );

  useEffect(() => {
    if (!token) return undefined;
    let current = true;
    redeemOnce(token, redeem).then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, [token, redeem, attempt]);

  function tryAgain() {
    setState({ status: 'verifying' });
    setAttempt((n) => n + 1);
  }

  return (
    <AuthPage title="Email Verification">
      <Stack>
        <div aria-live="polite" data-verify-state={state.status}>
          {state.status === 'verifying' ? (
            <Centered>
              <Spinner label="Verifying your email" />
              <span>Verifying your email...</span>
            </Centered>
          ) : null}
          {state.status === 'success' ? (
            <MessageBox tone="success" title={SCREEN_MESSAGES.verified} announce={false}>
              <Address>{state.email}</Address> is confirmed. You can now sign in.
            </MessageBox>
          ) : null}
          {state.status === 'expired' ? (
            <MessageBox tone="error" title="Link expired" announce={false}>
              This verification link has expired. Links are valid for {VERIFICATION_LINK_TTL_HOURS} hours; ask
              for a new one.
            </MessageBox>
          ) : null}
          {state.status === 'invalid' ? (
            <MessageBox tone="error" title={SCREEN_MESSAGES.linkInvalid} announce={false}>
              The link may have been used already or replaced by a newer one.{' '}
              <Link to="/auth/veremail">Get a new link</Link>
            </MessageBox>
          ) : null}
          {state.status === 'error' ? (
            <MessageBox tone="error" title={SCREEN_MESSAGES.verifyFailed} announce={false}>
              We could not reach the server to check your link.
            </MessageBox>
          ) : null}
        </div>
        {state.status === 'expired' && state.email ? (
          <Button variant="outline" fullWidth disabled={resending} onClick={() => resend(state.email!)}>
            {resending ? BUSY_LABELS.resending : 'Resend Email'}
          </Button>
        ) : null}
        {state.status === 'expired' && !state.email ? (
          <Button as={Link} to="/auth/veremail" variant="outline" fullWidth>
            Get a new link
          </Button>
        ) : null}
        {state.status === 'error' ? (
          <Button variant="outline" fullWidth onClick={tryAgain}>
            Try again
          </Button>
        ) : null}
        <ResendOutcome failure={resendFailure} notice={notice} />
        <Button as={Link} to="/signin" fullWidth>
          Back to Sign In
        </Button>
      </Stack>
    </AuthPage>
  );
}
