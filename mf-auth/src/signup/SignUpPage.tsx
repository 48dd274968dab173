import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@platform/router';
import { normalizeEmail, SIGNUP_ROLES } from '@platform/contracts';
import { readApiError, useSignUpMutation } from '@platform/store';
import { Button, Select, TextField } from '@platform/ui';
import { AuthPage, Divider, FooterText, Stack } from '../components/AuthPage';
import { GoogleButton } from '../components/GoogleButton';
import { MessageBox } from '../components/MessageBox';
import { SignedOutOnly } from '../components/SignedOutOnly';
import { useForm } from '../forms/useForm';
import { isSignupRole, SIGNUP_FIELDS, validateSignup } from '../forms/validation';
import type { Errors, SignupField, SignupValues } from '../forms/validation';
import { BUSY_LABELS, SCREEN_MESSAGES } from '../messages';
import { rememberSignupEmail } from '../verification/signupEmail';
import { useEmailAvailability } from './useEmailAvailability';
import type { Availability } from './useEmailAvailability';

const EMPTY: SignupValues = {
  firstname: '',
  lastname: '',
  email: '',
  role: '',
  password: '',
  confirmPassword: '',
};

const roleOptions = SIGNUP_ROLES.map((role) => ({
  value: role,
  label: role.charAt(0).toUpperCase() + role.slice(1),
}));

function availabilityError(status: Availability): Errors<SignupField> {
  if (status === 'taken') return { email: SCREEN_MESSAGES.emailTaken };
  if (status === 'failed') return { email: SCREEN_MESSAGES.checkFailed };
  return {};
}

/** What the Error box says when the server refuses or cannot be reached (SPEC §8, sign-up). */
export function signupFailureMessage(error: unknown): string {
  const failure = readApiError(error);
  if (failure.kind === 'network') return SCREEN_MESSAGES.signupUnavailable;
  if (failure.kind === 'refused' && failure.code !== 'request.refused') return failure.message;
  return SCREEN_MESSAGES.signupGeneric;
}

function SignUpForm() {
  const navigate = useNavigate();
  const [signUp] = useSignUpMutation();
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignupField>({ fields: SIGNUP_FIELDS, initial: EMPTY, validate: validateSignup });
  const { values } = form;
  const availability = useEmailAvailability(values.email);
  const availabilityErrors = availabilityError(availability.status);
  // The rules speak first; the server's word on the address shows once the address is well formed.
  const emailError = form.visibleError('email') ?? availabilityErrors.email;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setServerError(null);
    if (!form.checkBeforeSubmit(availability.status === 'taken' ? availabilityErrors : {})) return;
    setSubmitting(true);
    try {
      // The address must be known to be free; a check that failed is left to the server to decide.
      const status = await availability.ensureChecked();
      if (status === 'taken') {
        form.checkBeforeSubmit({ email: SCREEN_MESSAGES.emailTaken });
        return;
      }
      const email = normalizeEmail(values.email);
      await signUp({
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email,
        password: values.password,
        ...(isSignupRole(values.role) ? { role: values.role } : {}),
      }).unwrap();
      rememberSignupEmail(email);
      navigate('/auth/success', { state: { email } });
    } catch (error) {
      setServerError(signupFailureMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthPage title="Sign Up" subtitle="Create your account to start contributing.">
      <form noValidate onSubmit={onSubmit} aria-label="Sign up">
        <Stack>
          {serverError ? (
            <MessageBox tone="error" title="Error">
              {serverError}
            </MessageBox>
          ) : null}
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            disabled={submitting}
            {...form.bind('firstname')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            disabled={submitting}
            {...form.bind('lastname')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            disabled={submitting}
            hint={availability.status === 'checking' ? 'Checking whether this address is free...' : undefined}
            {...form.bind('email')}
            error={emailError}
          />
          <Select
            label="Role"
            placeholder="Select a role"
            options={roleOptions}
            disabled={submitting}
            {...form.bind('role')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            disabled={submitting}
            hint="At least 8 characters, with a number, a lowercase and an uppercase letter."
            {...form.bind('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            disabled={submitting}
            {...form.bind('confirmPassword')}
          />
          <Button type="submit" fullWidth disabled={submitting || availability.status === 'taken'}>
            {submitting ? BUSY_LABELS.signup : 'Sign Up'}
          </Button>
          <Divider>or</Divider>
          <GoogleButton label="Sign Up with Google" disabled={submitting} />
          <FooterText>
            Already have an account? <Link to="/signin">Sign In</Link>
          </FooterText>
        </Stack>
      </form>
    </AuthPage>
  );
}

/** /signup (SPEC §2, §5, §8). */
export function SignUpPage() {
  return (
    <SignedOutOnly>
      <SignUpForm />
    </SignedOutOnly>
  );
}
