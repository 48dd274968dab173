import { useState } from 'react';
import { Link, useLocation } from '@platform/router';
import styled from 'styled-components';
import {
  landingPage,
  pageUrl,
  signinPage,
  VERIFICATION_LINK_TTL_HOURS,
  verificationLinkPage,
} from '@platform/contracts/client';
import { Button } from '@platform/ui';
import { AuthPage, FooterText, Stack } from '../components/AuthPage';
import { useAuthT } from '../i18n';
import { recallSignupEmail } from './signupEmail';
import { ResendOutcome, useResendLink } from './useResendLink';

const Address = styled.strong`
  word-break: break-all;
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  li + li {
    margin-top: ${({ theme }) => theme.space[1]};
  }
`;

const Text = styled.p`
  margin: 0;
`;

/** /auth/success: the mail went to the address the person signed up with; Resend really sends another. */
export function RegistrationSuccessPage() {
  const t = useAuthT();
  const location = useLocation();
  const [email] = useState(() => recallSignupEmail(location.state));
  const { resend, sending, failure, notice } = useResendLink();

  return (
    <AuthPage title={t('titles.success')}>
      <Stack>
        {email ? (
          <Text>
            {t('success.sentTo')}{' '}
            <Address data-signup-email="" translate="no">
              {email}
            </Address>
            .
          </Text>
        ) : (
          <Text>
            {t('success.sentToUnknown')}{' '}
            <Link to={pageUrl(verificationLinkPage)}>{t('success.getNewLink')}</Link>.
          </Text>
        )}
        <Text>{t('success.expires', { hours: VERIFICATION_LINK_TTL_HOURS })}</Text>
        <div>
          <Text as="h2" style={{ fontSize: '1rem', fontWeight: 600, marginBottom: '0.5rem' }}>
            {t('success.nextSteps')}
          </Text>
          <Steps>
            <li>{t('success.stepInbox')}</li>
            <li>{t('success.stepClick')}</li>
            <li>{t('success.stepReturn')}</li>
          </Steps>
        </div>
        <ResendOutcome failure={failure} notice={notice} />
        {email ? (
          <Button variant="outline" fullWidth onClick={() => resend(email)} disabled={sending}>
            {sending ? t('busy.sending') : t('success.resend')}
          </Button>
        ) : null}
        <Button as={Link} to={pageUrl(signinPage)} fullWidth>
          {t('success.signIn')}
        </Button>
        <FooterText>
          {t('success.needHelp')}{' '}
          <Link to={pageUrl(landingPage, {}, { hash: 'contact' })}>{t('success.contactSupport')}</Link>
        </FooterText>
      </Stack>
    </AuthPage>
  );
}
