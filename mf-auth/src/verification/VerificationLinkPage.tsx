import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation } from '@platform/router';
import { AUTH_MESSAGES, emailProblem, normalizeEmail } from '@platform/contracts';
import { useResendVerificationMutation } from '@platform/store';
import { Button, TextField } from '@platform/ui';
import { AuthPage, FooterText, Stack } from '../components/AuthPage';
import { MessageBox } from '../components/MessageBox';
import { useForm } from '../forms/useForm';
import { EMAIL_FIELDS, validateEmailOnly } from '../forms/validation';
import type { EmailField } from '../forms/validation';
import { BUSY_LABELS } from '../messages';
import { resendFailureMessage } from './resendMessages';

function initialEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && !emailProblem(email) ? email : '';
}

/**
 * /auth/veremail, the Get Link target: a new verification link for an address. The answer is the same
 * whether or not the address has an account waiting, so the page cannot be used to probe for accounts.
 */
export function VerificationLinkPage() {
  const location = useLocation();
  const [resend, { isLoading: sending }] = useResendVerificationMutation();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailField>({
    fields: EMAIL_FIELDS,
    initial: { email: initialEmail(location.state) },
    validate: validateEmailOnly,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    setConfirmation(null);
    if (!form.checkBeforeSubmit()) return;
    try {
      const reply = await resend({ email: normalizeEmail(form.values.email) }).unwrap();
      setConfirmation(reply.message || AUTH_MESSAGES.resendAccepted);
    } catch (error) {
      setFailure(resendFailureMessage(error));
    }
  }

  return (
    <AuthPage
      title="Get a Verification Link"
      subtitle="Enter the address you signed up with and we will email you a new verification link."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Get a verification link">
        <Stack>
          {failure ? (
            <MessageBox tone="error" title="Error">
              {failure}
            </MessageBox>
          ) : null}
          <div role="status">
            {confirmation ? (
              <MessageBox tone="success" title="Check your inbox" announce={false}>
                {confirmation}
              </MessageBox>
            ) : null}
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            disabled={sending}
            {...form.bind('email')}
          />
          <Button type="submit" fullWidth disabled={sending}>
            {sending ? BUSY_LABELS.sending : 'Get Link'}
          </Button>
          <FooterText>
            <Link to="/signin">Back to Sign In</Link>
          </FooterText>
        </Stack>
      </form>
    </AuthPage>
  );
}
