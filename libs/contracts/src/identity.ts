import { Type, type Static } from '@sinclair/typebox';
import { Id, StrictObject } from './schema-helpers';

export const ROLES = ['contributor', 'reviewer', 'researcher', 'admin'] as const;
export const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));
export type Role = Static<typeof Role>;

/** Roles a person may pick at sign-up; admin is only ever granted by a command. */
export const SIGNUP_ROLES = ['contributor', 'reviewer', 'researcher'] as const;
export const SignupRole = Type.Union(SIGNUP_ROLES.map((r) => Type.Literal(r)));
export type SignupRole = Static<typeof SignupRole>;

/** Who the gateway says is calling; services receive it as signed headers. */
export const Identity = StrictObject({ id: Id, role: Role });
export type Identity = Static<typeof Identity>;

export const IDENTITY_HEADER = 'x-platform-identity';
export const IDENTITY_TS_HEADER = 'x-platform-identity-ts';
export const IDENTITY_SIG_HEADER = 'x-platform-identity-sig';
/** A signature older or newer than this is refused (replay window). */
export const IDENTITY_MAX_SKEW_MS = 5 * 60 * 1000;
