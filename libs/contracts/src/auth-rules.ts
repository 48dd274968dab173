// The SPEC's sign-up and sign-in rules as plain functions (no schema, no TypeBox): the sign-up form runs
// them in the browser from @platform/contracts/client, and the auth service runs the very same ones.
import type { SigninBody, SignupBody } from './auth';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';
import { AUTH_MESSAGES } from './messages';
import { EMAIL_PATTERN, SIGNUP_ROLES } from './vocabularies';

/** SPEC §5: 8+ characters with a digit, a lowercase and an uppercase letter. */
export const PASSWORD_PATTERN = `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{${PASSWORD_MIN_LENGTH},}$`;

const EMAIL_RE = new RegExp(EMAIL_PATTERN);
const PASSWORD_RE = new RegExp(PASSWORD_PATTERN);

/** The platform's e-mail rule (EMAIL_PATTERN) in the SPEC's words; the address is compared lowercased everywhere. */
export function emailProblem(email: string | undefined): string | null {
  const trimmed = (email ?? '').trim();
  if (!trimmed) return AUTH_MESSAGES.emailRequired;
  if (trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_RE.test(trimmed)) return AUTH_MESSAGES.emailInvalid;
  return null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function nameProblem(value: string | undefined, required: string): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return required;
  if (trimmed.length < NAME_MIN_LENGTH) return AUTH_MESSAGES.tooShort;
  if (trimmed.length > NAME_MAX_LENGTH) return AUTH_MESSAGES.tooLong;
  return null;
}

export function passwordProblem(password: string | undefined): string | null {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  if (!PASSWORD_RE.test(password)) return AUTH_MESSAGES.passwordRule;
  return null;
}

/** The first broken sign-up rule in the form's order, in the SPEC's words; null when the form is valid. */
export function signupProblem(body: Partial<Record<keyof SignupBody, string>>): string | null {
  return (
    nameProblem(body.firstname, AUTH_MESSAGES.firstnameRequired) ??
    nameProblem(body.lastname, AUTH_MESSAGES.lastnameRequired) ??
    emailProblem(body.email) ??
    passwordProblem(body.password) ??
    (body.role === undefined
      ? null
      : body.role === 'admin'
        ? AUTH_MESSAGES.adminNotAllowed
        : (SIGNUP_ROLES as readonly string[]).includes(body.role)
          ? null
          : AUTH_MESSAGES.roleInvalid)
  );
}

/** The SPEC's sign-in rules (presence and email pattern only; no strength rule when signing in). */
export function signinProblem(body: Partial<Record<keyof SigninBody, string>>): string | null {
  if (emailProblem(body.email)) return emailProblem(body.email);
  if (!body.password) return AUTH_MESSAGES.passwordRequired;
  if (body.password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}
