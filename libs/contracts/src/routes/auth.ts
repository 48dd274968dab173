import {
  AuthErrorReply,
  AuthReply,
  QueryEmailReply,
  QueryEmailRequest,
  ResendBody,
  ResendReply,
  SessionReply,
  SigninRequest,
  SignoutReply,
  SignupRequest,
  VerifyBody,
  VerifyReply,
} from '../auth';
import { LocaleBody, LocaleReply } from '../locales';
import { defineRoute } from '../route';

/*
 * Accounts and sessions, answered by the gateway. Every failure is AuthErrorReply (ErrorBody plus the
 * `ok: false` the SPEC's screens read). The request schemas are loose on purpose: the SPEC's rules
 * (signupProblem, signinProblem) run after trimming, so that their messages are the SPEC's words.
 */
const common = {
  owner: 'gateway',
  access: 'public',
  tag: 'auth',
  errors: ['4xx', '5xx'],
  errorBody: AuthErrorReply,
} as const;

export const postAuthQueryEmail = defineRoute({
  ...common,
  name: 'postAuthQueryEmail',
  method: 'POST',
  path: '/auth/auth/query.email',
  summary: 'Whether an address already has an account',
  body: QueryEmailRequest,
  reply: { 200: QueryEmailReply },
});

export const postAuthSignup = defineRoute({
  ...common,
  name: 'postAuthSignup',
  method: 'POST',
  path: '/auth/auth/signup',
  summary: 'Create an account (a verification mail follows)',
  body: SignupRequest,
  reply: { 201: AuthReply },
});

export const postAuthVerify = defineRoute({
  ...common,
  name: 'postAuthVerify',
  method: 'POST',
  path: '/auth/verify',
  summary: 'Redeem the emailed verification link',
  body: VerifyBody,
  reply: { 200: VerifyReply },
});

export const postAuthResend = defineRoute({
  ...common,
  name: 'postAuthResend',
  method: 'POST',
  path: '/auth/resend',
  summary: 'Send the verification mail again',
  body: ResendBody,
  reply: { 202: ResendReply },
});

export const postAuthSignin = defineRoute({
  ...common,
  name: 'postAuthSignin',
  method: 'POST',
  path: '/auth/signin',
  summary: 'Sign in (sets the session cookie)',
  body: SigninRequest,
  reply: { 200: AuthReply },
});

/** Anyone may ask; a signed-out caller is answered 401 by the route itself. */
export const getAuthSession = defineRoute({
  ...common,
  name: 'getAuthSession',
  method: 'GET',
  path: '/auth/session',
  summary: 'The signed-in person',
  reply: { 200: SessionReply },
});

export const putAuthLocale = defineRoute({
  ...common,
  name: 'putAuthLocale',
  method: 'PUT',
  path: '/auth/locale',
  summary: "Keep the signed-in person's interface language with the account",
  body: LocaleBody,
  reply: { 200: LocaleReply },
});

export const postAuthSignout = defineRoute({
  ...common,
  name: 'postAuthSignout',
  method: 'POST',
  path: '/auth/signout',
  summary: 'End the session',
  reply: { 200: SignoutReply },
});
