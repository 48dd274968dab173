import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '@platform/router';
import { normalizeEmail } from '@platform/contracts';
import { NEXT_PARAM, readApiError, safeNext, useSignInMutation } from '@platform/store';
import { Button, TextField } from '@platform/ui';
import { AuthPage, Divider, FooterText, Stack } from '../components/AuthPage';
import { GoogleButton } from '../components/GoogleButton';
import { MessageBox } from '../components/MessageBox';
import { SignedOutOnly } from '../components/SignedOutOnly';
import { useForm } from '../forms/useForm';
import { SIGNIN_FIELDS, validateSignin } from '../forms/validation';
import type { SigninField, SigninValues } from '../forms/validation';
import { BUSY_LABELS, SCREEN_MESSAGES } from '../messages';

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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signIn] = useSignInMutation();
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<SigninProblem | null>(null);
  const form = useForm<SigninField>({ fields: SIGNIN_FIELDS, initial: EMPTY, validate: validateSignin });
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
      <MessageBox tone="error" title={SCREEN_MESSAGES.invalidLoginTitle}>
        {SCREEN_MESSAGES.notVerified}{' '}
        <Link to="/auth/veremail" state={{ email: normalizeEmail(values.email) }}>
          Get Link
        </Link>
      </MessageBox>
    );
  } else if (problem) {
    problemBox = (
      <MessageBox tone="error" title="Error">
        {problem.text}
      </MessageBox>
    );
  }

  return (
    <AuthPage title="Sign In" subtitle="Welcome back. Sign in to continue.">
      <form noValidate onSubmit={onSubmit} aria-label="Sign in">
        <Stack>
          {problemBox}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            disabled={submitting}
            {...form.bind('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            disabled={submitting}
            {...form.bind('password')}
          />
          <Button type="submit" fullWidth disabled={submitting}>
            {submitting ? BUSY_LABELS.signin : 'Sign In'}
          </Button>
          <Divider>or</Divider>
          <GoogleButton label="Sign In with Google" disabled={submitting} />
          <FooterText>
            Don&apos;t have an account? <Link to="/signup">Sign Up</Link>
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
