import {
  AUTH_MESSAGES,
  emailProblem,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  passwordProblem,
  SIGNUP_ROLES,
} from '@platform/contracts/client';
import type { SignupRole } from '@platform/contracts';
import { SCREEN_MESSAGES } from '../messages';

export type Errors<F extends string> = Partial<Record<F, string>>;

function nameProblem(value: string, required: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required;
  if (trimmed.length < NAME_MIN_LENGTH) return AUTH_MESSAGES.tooShort;
  if (trimmed.length > NAME_MAX_LENGTH) return AUTH_MESSAGES.tooLong;
  return undefined;
}

export const SIGNUP_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'role',
  'password',
  'confirmPassword',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupValues = Record<SignupField, string>;

export const isSignupRole = (role: string): role is SignupRole =>
  (SIGNUP_ROLES as readonly string[]).includes(role);

/** SPEC §5 sign-up rules, each field's first broken rule in the SPEC's words. */
export function validateSignup(values: SignupValues): Errors<SignupField> {
  const errors: Errors<SignupField> = {};
  const firstname = nameProblem(values.firstname, AUTH_MESSAGES.firstnameRequired);
  if (firstname) errors.firstname = firstname;
  const lastname = nameProblem(values.lastname, AUTH_MESSAGES.lastnameRequired);
  if (lastname) errors.lastname = lastname;
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  // The role is not required; an empty choice means the server's default (contributor).
  if (values.role && !isSignupRole(values.role)) errors.role = AUTH_MESSAGES.roleInvalid;
  const password = passwordProblem(values.password);
  if (password) errors.password = password;
  if (!values.confirmPassword) errors.confirmPassword = SCREEN_MESSAGES.confirmRequired;
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = SCREEN_MESSAGES.passwordsDontMatch;
  return errors;
}

export const SIGNIN_FIELDS = ['email', 'password'] as const;
export type SigninField = (typeof SIGNIN_FIELDS)[number];
export type SigninValues = Record<SigninField, string>;

/** SPEC §5 sign-in rules: email required and pattern-checked, password required (no strength rule). */
export function validateSignin(values: SigninValues): Errors<SigninField> {
  const errors: Errors<SigninField> = {};
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

export const EMAIL_FIELDS = ['email'] as const;
export type EmailField = (typeof EMAIL_FIELDS)[number];

export function validateEmailOnly(values: Record<EmailField, string>): Errors<EmailField> {
  const email = emailProblem(values.email);
  return email ? { email } : {};
}
