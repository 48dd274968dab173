import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation } from '@platform/router';
import { AUTH_MESSAGES, emailProblem, normalizeEmail, pageUrl, signinPage } from '@platform/contracts/client';
import { useResendVerificationMutation } from '@platform/store';
import { Button, TextField } from '@platform/ui';
import { AuthPage, FooterText, Stack } from '../components/AuthPage';
import { MessageBox } from '../components/MessageBox';
import { useForm } from '../forms/useForm';
import { EMAIL_FIELDS, validateEmailOnly } from '../forms/validation';
import type { EmailField } from '../forms/validation';
import { useAuthT, useMessageText } from '../i18n';
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
  const t = useAuthT();
  const describe = useMessageText();
  const location = useLocation();
  const [resend, { isLoading: sending }] = useResendVerificationMutation();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailField>({
    fields: EMAIL_FIELDS,
    initial: { email: initialEmail(location.state) },
    validate: validateEmailOnly,
    describe,
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
    <AuthPage title={t('titles.veremail')} subtitle={t('veremail.subtitle')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('veremail.formLabel')}>
        <Stack>
          {failure ? (
            <MessageBox tone="error" title={t('common.error')}>
              {describe(failure)}
            </MessageBox>
          ) : null}
          <div role="status">
            {confirmation ? (
              <MessageBox tone="success" title={t('veremail.checkInbox')} announce={false}>
                {describe(confirmation)}
              </MessageBox>
            ) : null}
          </div>
          <TextField
            label={t('common.email')}
            type="email"
            autoComplete="email"
            required
            disabled={sending}
            {...form.bind('email')}
          />
          <Button type="submit" fullWidth disabled={sending}>
            {sending ? t('busy.sending') : t('veremail.submit')}
          </Button>
          <FooterText>
            <Link to={pageUrl(signinPage)}>{t('common.backToSignIn')}</Link>
          </FooterText>
        </Stack>
      </form>
    </AuthPage>
  );
}
