import { Type, type Static } from '@sinclair/typebox';
import { Id, StrictObject } from './schema-helpers';
import { Role, SignupRole } from './identity';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_TLD_MAX_LETTERS,
  EMAIL_TLD_MIN_LETTERS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';

/** SPEC §5 sign-up email: a 2-4 letter top-level part. */
export const EMAIL_PATTERN = `^[^\\s@]+@[^\\s@]+\\.[A-Za-z]{${EMAIL_TLD_MIN_LETTERS},${EMAIL_TLD_MAX_LETTERS}}$`;
/** SPEC §5: 8+ characters with a digit, a lowercase and an uppercase letter. */
export const PASSWORD_PATTERN = `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{${PASSWORD_MIN_LENGTH},}$`;

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

/** POST /auth/auth/signup; role is sent and stored (issue 4). */
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

export const SessionUser = StrictObject({
  id: Id,
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  role: Role,
  verified: Type.Boolean(),
});
export type SessionUser = Static<typeof SessionUser>;

/** GET /auth/session: the signed-in user, or 401 ErrorBody. */
export const SessionReply = StrictObject({ user: SessionUser });
export type SessionReply = Static<typeof SessionReply>;

/** POST /auth/signout */
export const SignoutReply = StrictObject({ ok: Type.Literal(true) });
export type SignoutReply = Static<typeof SignoutReply>;

/** POST /auth/verify: redeem the token from the emailed link. */
export const VerifyBody = StrictObject({ token: Type.String({ minLength: 1, maxLength: 256 }) });
export type VerifyBody = Static<typeof VerifyBody>;
export const VerifyOutcome = Type.Union([
  Type.Literal('verified'),
  Type.Literal('expired'),
  Type.Literal('invalid'),
]);
export type VerifyOutcome = Static<typeof VerifyOutcome>;
export const VerifyReply = StrictObject({
  ok: Type.Boolean(),
  status: VerifyOutcome,
  message: Type.String(),
  email: Type.Optional(Type.String()),
});
export type VerifyReply = Static<typeof VerifyReply>;

/** POST /auth/resend: the same answer whether or not the address has an account. */
export const ResendBody = StrictObject({ email: Email });
export type ResendBody = Static<typeof ResendBody>;
export const ResendReply = StrictObject({ ok: Type.Literal(true), message: Type.String() });
export type ResendReply = Static<typeof ResendReply>;
