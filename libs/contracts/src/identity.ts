import { Type, type Static } from '@sinclair/typebox';
import { Id, StrictObject } from './schema-helpers';
import { ROLES, SIGNUP_ROLES } from './vocabularies';

export const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));
export type Role = Static<typeof Role>;

export const SignupRole = Type.Union(SIGNUP_ROLES.map((r) => Type.Literal(r)));
export type SignupRole = Static<typeof SignupRole>;

/**
 * Who may appear in a signed identity: a person's role, or `service` for a platform service calling another
 * in its own name (never a person; no account can hold it).
 */
export const IDENTITY_ROLES = [...ROLES, 'service'] as const;
export const IdentityRole = Type.Union(IDENTITY_ROLES.map((r) => Type.Literal(r)));
export type IdentityRole = Static<typeof IdentityRole>;

/** Ours: a display name is "First Last", each part at most 20 characters (SPEC §9). */
export const IDENTITY_NAME_MAX_LENGTH = 41;

/**
 * Who the gateway says is calling; services receive it as signed headers. `name` is the person's display
 * name ("First Last") so a service can keep who did something without asking the gateway. The gateway
 * always sends it for a signed-in person; it is optional in the schema so identities signed by callers that
 * predate it (tools, older tests) still verify.
 */
export const Identity = StrictObject({
  id: Id,
  role: IdentityRole,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: IDENTITY_NAME_MAX_LENGTH })),
  /** Set when the person is calling with a personal API token rather than a browser session. */
  via: Type.Optional(Type.Literal('api-token')),
});
export type Identity = Static<typeof Identity>;

export const IDENTITY_HEADER = 'x-platform-identity';
export const IDENTITY_TS_HEADER = 'x-platform-identity-ts';
export const IDENTITY_SIG_HEADER = 'x-platform-identity-sig';
/**
 * A signature older or newer than this is refused. It covers one request (method, path with query, target
 * service), so within this window a captured set of headers can only repeat that very request.
 */
export const IDENTITY_MAX_SKEW_MS = 60 * 1000;

/**
 * The identities platform services sign their calls to each other with: the `service` role, which no person
 * holds, so nothing a person may do is granted to a service and the reverse.
 */
export const SERVICE_IDENTITIES = {
  speech: { id: 'service-speech', role: 'service', name: 'speech service' },
  text: { id: 'service-text', role: 'service', name: 'text service' },
  gateway: { id: 'service-gateway', role: 'service', name: 'gateway' },
} as const satisfies Record<string, Identity>;
const SERVICE_IDS: readonly string[] = Object.values(SERVICE_IDENTITIES).map((i) => i.id);

export const isServiceIdentity = (identity: Identity | null | undefined): boolean =>
  !!identity && identity.role === 'service' && SERVICE_IDS.includes(identity.id);
