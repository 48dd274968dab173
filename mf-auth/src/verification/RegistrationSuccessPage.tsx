import { useState } from 'react';
import { Link, useLocation } from '@platform/router';
import styled from 'styled-components';
import { VERIFICATION_LINK_TTL_HOURS } from '@platform/contracts';
import { Button } from '@platform/ui';
import { AuthPage, FooterText, Stack } from '../components/AuthPage';
import { BUSY_LABELS } from '../messages';
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
  const location = useLocation();
  const [email] = useState(() => recallSignupEmail(location.state));
  const { resend, sending, failure, notice } = useResendLink();

  return (
    <AuthPage title="Registration Successful">
      <Stack>
        {email ? (
          <Text>
            We have sent a verification email to <Address data-signup-email="">{email}</Address>.
          </Text>
        ) : (
          <Text>
            We have sent a verification email to the address you signed up with. If it has not arrived, you
            can <Link to="/auth/veremail">get a new link</Link>.
          </Text>
        )}
        <Text>The link expires in {VERIFICATION_LINK_TTL_HOURS} hours.</Text>
        <div>
          <Text as="h2" style={{ fontSize: '1rem', fontWeight: 600, marginBottom: '0.5rem' }}>
            Next steps
          </Text>
          <Steps>
            <li>Check your inbox, and your spam folder.</li>
            <li>Click the verification link in the email.</li>
            <li>Return here and sign in.</li>
          </Steps>
        </div>
        <ResendOutcome failure={failure} notice={notice} />
        {email ? (
          <Button variant="outline" fullWidth onClick={() => resend(email)} disabled={sending}>
            {sending ? BUSY_LABELS.sending : 'Resend'}
          </Button>
        ) : null}
        <Button as={Link} to="/signin" fullWidth>
          Sign In
        </Button>
        <FooterText>
          Need help? <Link to="/#contact">Contact support</Link>
        </FooterText>
      </Stack>
    </AuthPage>
  );
}
