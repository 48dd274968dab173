import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorCode } from './error-codes';
import type { Role } from './identity';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who answers a route: the gateway itself, or the service the gateway proxies it to. */
export type ServiceName = 'text' | 'speech';
export type RouteOwner = ServiceName | 'gateway';

/**
 * Who may call a route. `public`: anyone, signed out included. `signedIn`: any signed-in person. A list of
 * roles: signed-in people with one of them (401 signed out, 403 otherwise). `service`: only another platform
 * service, with its own signed identity (people, admins included, are refused).
 */
export type Access = 'public' | 'signedIn' | 'service' | readonly Role[];

/** Why a multipart request is refused before its handler has a say. */
export type MultipartRefusal =
  'notMultipart' | 'tooLarge' | 'tooManyFiles' | 'tooManyFields' | 'unknownField' | 'fieldTooLong';

/**
 * A multipart route's parts: the declaration names them for clients and OpenAPI, and service-kit's
 * readMultipart streams them with these limits, refusing anything else with the codes given here.
 */
export interface MultipartParts {
  /** File part names, each sent at most once. */
  files: readonly string[];
  /** The text fields, as a schema (strict, like every request schema). */
  fields: TSchema;
  /** Bytes one file may have (413 past it). */
  maxFileBytes?: number;
  /** Bytes one text field may have (default 1,024). */
  maxFieldBytes?: number;
  /** The error code of each refusal, where the route's screen has its own words (generic codes otherwise). */
  refusals?: Partial<Record<MultipartRefusal, ErrorCode>>;
}

/** Error statuses a route may answer besides its successes, each with the platform's ErrorBody. */
export type ErrorStatus = number | '4xx' | '5xx';

/**
 * One HTTP call of the platform, declared once: the service registers its handler from it, the gateway
 * derives its routing from it, and the browser's endpoint builds its request from it.
 */
export interface RouteDeclaration {
  /** Unique; the service's handler and the client's endpoint are found by searching for it. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Fastify-style: `/api/recordings/:id/validate`. */
  readonly path: string;
  /** `every-service`: a route the service kit gives each service (never routed by the gateway). */
  readonly owner: RouteOwner | 'every-service';
  readonly access: Access;
  /** One line for OpenAPI. */
  readonly summary: string;
  /** OpenAPI tag; the resource. */
  readonly tag: string;
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  readonly multipart?: MultipartParts;
  /** The answers by status (2xx and, for byte streams, 206). */
  readonly reply: Readonly<Record<number, TSchema>>;
  /** Refusals the route itself makes; 400 (input), 401 and 403 (access) are added from the declaration. */
  readonly errors?: readonly ErrorStatus[];
  /** The error body when a route family extends ErrorBody (the /auth answers carry `ok: false`). */
  readonly errorBody?: TSchema;
  /**
   * A personal API token (`Authorization: Bearer …`) may call it as its owner. Tokens are read-only, so only
   * GET routes may say so; every other route refuses a token with 403 `access.token_forbidden`.
   */
  readonly apiToken?: true;
  /**
   * The route stores the caller's files (recordings, donations, dataset uploads): the gateway counts it under
   * the per-person upload limit and refuses it before the body when the person's storage quota or the data
   * disk's free-space floor would be passed.
   */
  readonly storesFiles?: true;
  /**
   * Served at the path with a final '/' too (a client the SPEC describes sends it so); the twin has the same
   * schema and handler, and the operation id `<name>Slash`.
   */
  readonly trailingSlash?: true;
  /**
   * A contribution a phone may send again after a lost answer: the client sends `Idempotency-Key` (a key it
   * made on the device); the same key with the same content answers what the first call answered and stores
   * nothing more, and the same key with other content is refused (422 `idempotency.key_reused`).
   */
  readonly idempotent?: true;
}

/** The header a client names its retryable contribution with (see `RouteDeclaration.idempotent`). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** An Idempotency-Key's length bounds: long enough to be unique on the device, short enough to index. */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Printable ASCII (a UUID, a ULID, base64url all fit); anything else is 400 `idempotency.key_invalid`. */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x20-\\x7E]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;

export const isIdempotencyKey = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(IDEMPOTENCY_KEY_PATTERN).test(value);

/**
 * Set (to `true`) on an answer that repeats what the first call with the same Idempotency-Key answered:
 * nothing was stored this time.
 */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Keeps the literal types of a declaration (its schemas, access and path) for handlers and clients. */
export const defineRoute = <const D extends RouteDeclaration>(declaration: D): D => declaration;

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export type RouteParams<D extends RouteDeclaration> = StaticOr<D['params'], Record<string, never>>;
export type RouteQuery<D extends RouteDeclaration> = StaticOr<D['query'], Record<string, never>>;
export type RouteBody<D extends RouteDeclaration> = StaticOr<D['body'], undefined>;
export type RouteMultipartFields<D extends RouteDeclaration> = D['multipart'] extends MultipartParts
  ? Static<D['multipart']['fields']>
  : never;
/** What a successful call answers (the union over its declared statuses). */
export type RouteReply<D extends RouteDeclaration> = {
  [S in keyof D['reply']]: D['reply'][S] extends TSchema ? Static<D['reply'][S]> : never;
}[keyof D['reply']];

/** Fastify's `:param` segments, substituted (and encoded) for a client. */
export function routeUrl(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a path's `:param` segments, in order. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
