import { Type, type Static } from '@sinclair/typebox';
import { ErrorBodyProperties } from './errors';
import { Id, StrictObject } from './schema-helpers';
import { Role, SignupRole } from './identity';
import { PASSWORD_PATTERN } from './auth-rules';
import { EMAIL_PATTERN } from './vocabularies';
import { UiLocale } from './locales';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './limits';
import { AUTH_MESSAGES } from './messages';

export const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN });
export const PersonName = Type.String({
  minLength: NAME_MIN_LENGTH,
  maxLength: NAME_MAX_LENGTH,
  pattern: '\\S',
});
export const NewPassword = Type.String({ maxLength: PASSWORD_MAX_LENGTH, pattern: PASSWORD_PATTERN });

/** POST /auth/auth/query.email */
export const QueryEmailBody = StrictObject({ email: Email });
export type QueryEmailBody = Static<typeof QueryEmailBody>;
/** ok: true means the email already has an account (SPEC §7). */
export const QueryEmailReply = StrictObject({ ok: Type.Boolean() });
export type QueryEmailReply = Static<typeof QueryEmailReply>;

/** POST /auth/auth/signup; the role is sent and stored. */
export const SignupBody = StrictObject({
  firstname: PersonName,
  lastname: PersonName,
  email: Email,
  password: NewPassword,
  role: Type.Optional(SignupRole),
});
export type SignupBody = Static<typeof SignupBody>;

/** Sign-up and sign-in answer { ok, token, message } as the SPEC reads them. */
export const AuthReply = StrictObject({
  ok: Type.Boolean(),
  token: Type.Optional(Type.String()),
  message: Type.String(),
});
export type AuthReply = Static<typeof AuthReply>;
export const SignupReply = AuthReply;
export type SignupReply = AuthReply;

/** POST /auth/signin: no strength rule here, only presence and bounds. */
export const SigninBody = StrictObject({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
});
export type SigninBody = Static<typeof SigninBody>;
export const SigninReply = AuthReply;
export type SigninReply = AuthReply;

/** The signed-in person as GET /auth/session answers it (only verified accounts can have a session). */
export const SessionUser = StrictObject({
  id: Id,
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  role: Role,
  /** The interface language the person chose (absent until they choose one). */
  locale: Type.Optional(UiLocale),
});
export type SessionUser = Static<typeof SessionUser>;

/** GET /auth/session: the signed-in user, or 401 AuthErrorReply. */
export const SessionReply = StrictObject({ user: SessionUser });
export type SessionReply = Static<typeof SessionReply>;

/** POST /auth/signout (answers the same whether or not a session existed). */
export const SignoutReply = StrictObject({ ok: Type.Literal(true) });
export type SignoutReply = Static<typeof SignoutReply>;

/** POST /auth/verify: redeem the token from the emailed link. */
export const VerifyBody = StrictObject({ token: Type.String({ maxLength: 256 }) });
export type VerifyBody = Static<typeof VerifyBody>;
export const VerifyOutcome = Type.Union([
  Type.Literal('verified'),
  Type.Literal('expired'),
  Type.Literal('invalid'),
]);
export type VerifyOutcome = Static<typeof VerifyOutcome>;
/** 200 only; expired (410) and invalid (400) links answer AuthErrorReply with `status` set. */
export const VerifyReply = StrictObject({
  ok: Type.Literal(true),
  status: Type.Literal('verified'),
  message: Type.String(),
  email: Type.String(),
});
export type VerifyReply = Static<typeof VerifyReply>;

/**
 * POST /auth/resend (also the Get Link page): either the address, or the token the sign-up answer carried.
 * The answer is the same whether or not the address has an account.
 */
export const ResendBody = StrictObject({
  email: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
  token: Type.Optional(Type.String({ maxLength: 256 })),
});
export type ResendBody = Static<typeof ResendBody>;
export const ResendReply = StrictObject({ ok: Type.Literal(true), message: Type.String() });
export type ResendReply = Static<typeof ResendReply>;

/**
 * Every failure under /auth: the platform's ErrorBody plus the `ok: false` the screens read. `status` tells
 * the verify screen which state to show; `email` lets it offer Resend for an expired link.
 */
export const AuthErrorReply = StrictObject({
  ...ErrorBodyProperties,
  ok: Type.Literal(false),
  status: Type.Optional(VerifyOutcome),
  email: Type.Optional(Type.String()),
});
export type AuthErrorReply = Static<typeof AuthErrorReply>;

export { AUTH_MESSAGES };

/**
 * What the sign-up and sign-in routes accept on the wire: the fields and their types, loosely bounded.
 * The rules themselves (signupProblem, signinProblem) run after trimming so their messages are the SPEC's.
 */
export const SignupRequest = StrictObject({
  firstname: Type.String({ maxLength: 200 }),
  lastname: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  role: Type.Optional(Type.String({ maxLength: 32 })),
});
export type SignupRequest = Static<typeof SignupRequest>;
export const SigninRequest = StrictObject({
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
export type SigninRequest = Static<typeof SigninRequest>;
export const QueryEmailRequest = StrictObject({ email: Type.String({ maxLength: EMAIL_MAX_LENGTH }) });
export type QueryEmailRequest = Static<typeof QueryEmailRequest>;
