import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@platform/router';
import {
  normalizeEmail,
  pageUrl,
  registrationSuccessPage,
  signinPage,
  SIGNUP_ROLES,
} from '@platform/contracts/client';
import { readApiError, useSignUpMutation } from '@platform/store';
import { Button, Select, TextField } from '@platform/ui';
import { AuthPage, Divider, FooterText, Stack } from '../components/AuthPage';
import { GoogleButton } from '../components/GoogleButton';
import { MessageBox } from '../components/MessageBox';
import { SignedOutOnly } from '../components/SignedOutOnly';
import { useForm } from '../forms/useForm';
import { isSignupRole, SIGNUP_FIELDS, validateSignup } from '../forms/validation';
import type { Errors, SignupField, SignupValues } from '../forms/validation';
import { SCREEN_MESSAGES } from '../messages';
import { useAuthT, useMessageText } from '../i18n';
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

/** The URL's role: the landing page's role buttons link to /signup?role=…; anything else is ignored. */
const ROLE_PARAM = 'role';
function roleFromUrl(params: URLSearchParams): SignupValues['role'] {
  const role = params.get(ROLE_PARAM) ?? '';
  return isSignupRole(role) ? role : '';
}

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
  const t = useAuthT();
  const describe = useMessageText();
  const roleOptions = SIGNUP_ROLES.map((role) => ({ value: role, label: t(`signup.roles.${role}`) }));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signUp] = useSignUpMutation();
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignupField>({
    fields: SIGNUP_FIELDS,
    initial: { ...EMPTY, role: roleFromUrl(params) },
    validate: validateSignup,
    describe,
  });
  const { values } = form;
  const availability = useEmailAvailability(values.email);
  const availabilityErrors = availabilityError(availability.status);
  // The rules speak first; the server's word on the address shows once the address is well formed.
  const emailError =
    form.visibleError('email') ?? (availabilityErrors.email && describe(availabilityErrors.email));

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
      navigate(pageUrl(registrationSuccessPage), { state: { email } });
    } catch (error) {
      setServerError(signupFailureMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthPage title={t('titles.signup')} subtitle={t('signup.subtitle')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('signup.formLabel')}>
        <Stack>
          {serverError ? (
            <MessageBox tone="error" title={t('common.error')}>
              {describe(serverError)}
            </MessageBox>
          ) : null}
          <TextField
            label={t('signup.firstName')}
            autoComplete="given-name"
            required
            disabled={submitting}
            {...form.bind('firstname')}
          />
          <TextField
            label={t('signup.lastName')}
            autoComplete="family-name"
            required
            disabled={submitting}
            {...form.bind('lastname')}
          />
          <TextField
            label={t('common.email')}
            type="email"
            autoComplete="email"
            required
            disabled={submitting}
            hint={availability.status === 'checking' ? t('signup.checkingEmail') : undefined}
            {...form.bind('email')}
            error={emailError}
          />
          <Select
            label={t('signup.role')}
            placeholder={t('signup.rolePlaceholder')}
            options={roleOptions}
            disabled={submitting}
            {...form.bind('role')}
          />
          <TextField
            label={t('common.password')}
            type="password"
            autoComplete="new-password"
            required
            disabled={submitting}
            hint={t('signup.passwordHint')}
            {...form.bind('password')}
          />
          <TextField
            label={t('signup.confirmPassword')}
            type="password"
            autoComplete="new-password"
            required
            disabled={submitting}
            {...form.bind('confirmPassword')}
          />
          <Button type="submit" fullWidth disabled={submitting || availability.status === 'taken'}>
            {submitting ? t('busy.signup') : t('signup.submit')}
          </Button>
          <Divider>{t('common.or')}</Divider>
          <GoogleButton label={t('signup.google')} disabled={submitting} />
          <FooterText>
            {t('signup.haveAccount')} <Link to={pageUrl(signinPage)}>{t('signup.signInLink')}</Link>
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
