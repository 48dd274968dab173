import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '@platform/router';
import { normalizeEmail, pageUrl, signupPage, verificationLinkPage } from '@platform/contracts/client';
import { readApiError, useSignInMutation } from '@platform/store';
import { NEXT_PARAM, safeNext } from '@platform/remote-kit';
import { Button, TextField } from '@platform/ui';
import { AuthPage, Divider, FooterText, Stack } from '../components/AuthPage';
import { GoogleButton } from '../components/GoogleButton';
import { MessageBox } from '../components/MessageBox';
import { SignedOutOnly } from '../components/SignedOutOnly';
import { useForm } from '../forms/useForm';
import { SIGNIN_FIELDS, validateSignin } from '../forms/validation';
import type { SigninField, SigninValues } from '../forms/validation';
import { SCREEN_MESSAGES } from '../messages';
import { useAuthT, useMessageText } from '../i18n';

const EMPTY: SigninValues = { email: '', password: '' };

export type SigninProblem = { kind: 'unverified' } | { kind: 'message'; text: string };

/** SPEC §8 sign-in: how each answer of POST /auth/signin reads on the screen. */
export function signinProblemOf(error: unknown): SigninProblem {
  const failure = readApiError(error);
  if (failure.kind === 'network') return { kind: 'message', text: SCREEN_MESSAGES.signinUnavailable };
  if (failure.kind === 'server') return { kind: 'message', text: SCREEN_MESSAGES.signinGeneric };
  if (failure.code === 'auth.not_verified') return { kind: 'unverified' };
  if (failure.code === 'auth.incorrect_password')
    return { kind: 'message', text: SCREEN_MESSAGES.incorrectLogin };
  if (failure.code === 'request.refused') return { kind: 'message', text: SCREEN_MESSAGES.signinGeneric };
  return { kind: 'message', text: failure.message };
}

function SignInForm() {
  const t = useAuthT();
  const describe = useMessageText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signIn] = useSignInMutation();
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<SigninProblem | null>(null);
  const form = useForm<SigninField>({
    fields: SIGNIN_FIELDS,
    initial: EMPTY,
    validate: validateSignin,
    describe,
  });
  const { values } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setProblem(null);
    if (!form.checkBeforeSubmit()) return;
    setSubmitting(true);
    try {
      await signIn({ email: normalizeEmail(values.email), password: values.password }).unwrap();
      // The session is already read (signIn waits for it), so the guarded page finds the person signed in.
      navigate(safeNext(params.get(NEXT_PARAM)), { replace: true });
    } catch (error) {
      setProblem(signinProblemOf(error));
      setSubmitting(false);
    }
  }

  let problemBox: ReactNode = null;
  if (problem?.kind === 'unverified') {
    problemBox = (
      <MessageBox tone="error" title={t('messages.invalidLoginTitle')}>
        {t('messages.notVerified')}{' '}
        <Link to={pageUrl(verificationLinkPage)} state={{ email: normalizeEmail(values.email) }}>
          {t('signin.getLink')}
        </Link>
      </MessageBox>
    );
  } else if (problem) {
    problemBox = (
      <MessageBox tone="error" title={t('common.error')}>
        {describe(problem.text)}
      </MessageBox>
    );
  }

  return (
    <AuthPage title={t('titles.signin')} subtitle={t('signin.subtitle')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('signin.formLabel')}>
        <Stack>
          {problemBox}
          <TextField
            label={t('common.email')}
            type="email"
            autoComplete="email"
            required
            disabled={submitting}
            {...form.bind('email')}
          />
          <TextField
            label={t('common.password')}
            type="password"
            autoComplete="current-password"
            required
            disabled={submitting}
            {...form.bind('password')}
          />
          <Button type="submit" fullWidth disabled={submitting}>
            {submitting ? t('busy.signin') : t('signin.submit')}
          </Button>
          <Divider>{t('common.or')}</Divider>
          <GoogleButton label={t('signin.google')} disabled={submitting} />
          <FooterText>
            {t('signin.noAccount')} <Link to={pageUrl(signupPage)}>{t('signin.signUpLink')}</Link>
          </FooterText>
        </Stack>
      </form>
    </AuthPage>
  );
}

/** /signin (SPEC §2, §5, §8); returns to ?next= after signing in. */
export function SignInPage() {
  return (
    <SignedOutOnly>
      <SignInForm />
    </SignedOutOnly>
  );
}
