import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from '@platform/router';
import styled from 'styled-components';
import {
  pageUrl,
  signinPage,
  VERIFICATION_LINK_TTL_HOURS,
  verificationLinkPage,
} from '@platform/contracts/client';
import { useVerifyEmailMutation } from '@platform/store';
import { Button, Spinner } from '@platform/ui';
import { AuthPage, Stack } from '../components/AuthPage';
import { MessageBox } from '../components/MessageBox';
import { useAuthT } from '../i18n';
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
  const t = useAuthT();
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
    <AuthPage title={t('titles.verify')}>
      <Stack>
        <div aria-live="polite" data-verify-state={state.status}>
          {state.status === 'verifying' ? (
            <Centered>
              <Spinner label={t('verify.verifying')} />
              <span>{t('verify.verifyingText')}</span>
            </Centered>
          ) : null}
          {state.status === 'success' ? (
            <MessageBox tone="success" title={t('messages.verified')} announce={false}>
              <Address translate="no">{state.email}</Address> {t('verify.confirmed')}
            </MessageBox>
          ) : null}
          {state.status === 'expired' ? (
            <MessageBox tone="error" title={t('verify.expiredTitle')} announce={false}>
              {t('verify.expiredText', { hours: VERIFICATION_LINK_TTL_HOURS })}
            </MessageBox>
          ) : null}
          {state.status === 'invalid' ? (
            <MessageBox tone="error" title={t('messages.linkInvalid')} announce={false}>
              {t('verify.invalidText')}{' '}
              <Link to={pageUrl(verificationLinkPage)}>{t('common.getNewLink')}</Link>
            </MessageBox>
          ) : null}
          {state.status === 'error' ? (
            <MessageBox tone="error" title={t('messages.verifyFailed')} announce={false}>
              {t('verify.errorText')}
            </MessageBox>
          ) : null}
        </div>
        {state.status === 'expired' && state.email ? (
          <Button variant="outline" fullWidth disabled={resending} onClick={() => resend(state.email!)}>
            {resending ? t('busy.resending') : t('verify.resendEmail')}
          </Button>
        ) : null}
        {state.status === 'expired' && !state.email ? (
          <Button as={Link} to={pageUrl(verificationLinkPage)} variant="outline" fullWidth>
            {t('common.getNewLink')}
          </Button>
        ) : null}
        {state.status === 'error' ? (
          <Button variant="outline" fullWidth onClick={tryAgain}>
            {t('verify.tryAgain')}
          </Button>
        ) : null}
        <ResendOutcome failure={resendFailure} notice={notice} />
        <Button as={Link} to={pageUrl(signinPage)} fullWidth>
          {t('common.backToSignIn')}
        </Button>
      </Stack>
    </AuthPage>
  );
}
