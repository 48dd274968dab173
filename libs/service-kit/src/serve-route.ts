import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ErrorBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  isServiceIdentity,
  type Access,
  type ErrorCode,
  type ErrorStatus,
  type Identity,
  type RouteBody,
  type RouteDeclaration,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
} from '@platform/contracts';
import { uploadDrainBytes } from './discard-upload';
import { HttpError } from './http-errors';
import type { Database } from './mongo';
import { idempotencyKeyCheck, idempotentRoute } from './idempotency/serve';
import type { IdentityProblem } from './identity-plugin';

/** The request a handler receives: typed from the declaration, with the caller when access requires one. */
export type RouteRequest<D extends RouteDeclaration> = FastifyRequest<{
  Params: RouteParams<D>;
  Querystring: RouteQuery<D>;
  Body: RouteBody<D>;
}> &
  (D['access'] extends 'public' ? unknown : { identity: Identity });

export type RouteHandler<D extends RouteDeclaration> = (
  request: RouteRequest<D>,
  reply: FastifyReply,
) => Promise<RouteReply<D> | FastifyReply | void> | RouteReply<D> | FastifyReply | void;

/** Route options a declaration does not carry (limits, a route's own wording of schema errors). */
export type ServeOptions = Omit<
  RouteShorthandOptions,
  'schema' | 'handler' | 'onRequest' | 'preHandler' | 'onSend'
>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any server and type provider will do
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/** Fastify's own default body limit, for an app that set none. */
const DEFAULT_JSON_BODY_BYTES = 1024 * 1024;

const PROBLEM_CODES: Record<IdentityProblem, ErrorCode> = {
  missing: 'identity.missing',
  malformed: 'identity.malformed',
  stale: 'identity.stale',
  'bad-signature': 'identity.bad_signature',
};

/** 401 without a valid identity, 403 for a caller the declaration does not admit. */
export function accessCheck(access: Exclude<Access, 'public'>): onRequestAsyncHookHandler {
  return async (request) => {
    const identity = request.identity;
    if (!identity) throw new HttpError(401, PROBLEM_CODES[request.identityProblem ?? 'missing']);
    if (access === 'signedIn') return;
    if (access === 'service') {
      if (!isServiceIdentity(identity)) throw new HttpError(403, 'access.service_only');
      return;
    }
    // Admins may do everything (DESIGN §8).
    if (identity.role !== 'admin' && !(access as readonly string[]).includes(identity.role)) {
      throw new HttpError(403, 'access.role_forbidden');
    }
  };
}

/**
 * A personal API token is read-only and limited to the routes that say so: any other route refuses it, even
 * one anybody may call, so a leaked token can never write or reach what its owner's session can.
 */
/**
 * While the driver's monitor finds the database gone or not answering, a declared route is 503 at once:
 * waiting out the driver's timeouts would hold each request for seconds and pile them up. It serves again
 * as soon as the monitor sees the database back.
 */
export const databaseReachableCheck: onRequestAsyncHookHandler = async (request) => {
  const database = (request.server as { database?: Database | null }).database;
  if (database && database.isConnected() && !database.isReachable()) {
    throw new HttpError(503, 'database.unavailable');
  }
};

export const apiTokenCheck: onRequestAsyncHookHandler = async (request) => {
  if (request.identity?.via === 'api-token') throw new HttpError(403, 'access.token_forbidden');
};

/** The optional Idempotency-Key of a route declared `idempotent`, as OpenAPI shows it. */
const IdempotencyKeyHeaders = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({
      minLength: IDEMPOTENCY_KEY_MIN_LENGTH,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        'Made on the device for one contribution and sent with every try of it: the same key with the same ' +
        'content answers what the first call answered (header `idempotent-replayed: true`) and stores nothing ' +
        'more; other content under the key is 422 `idempotency.key_reused`, a try while the first is still ' +
        'running 409 `idempotency.in_progress`, a malformed key 400 `idempotency.key_invalid`.',
    }),
  ),
});

/** The Fastify schema of a declaration: its inputs, its answers, and ErrorBody for every refusal. */
export function routeSchema(route: RouteDeclaration): FastifySchema {
  const errors = new Set<ErrorStatus>(route.errors ?? []);
  if (route.params || route.query || route.body || route.multipart || route.idempotent) errors.add(400);
  if (route.access !== 'public') errors.add(401);
  if (route.access !== 'public' && route.access !== 'signedIn') errors.add(403);
  if (route.idempotent) {
    errors.add(409);
    errors.add(422);
  }
  const errorSchema = route.errorBody ?? ErrorBody;
  const response: Record<string, unknown> = { ...route.reply };
  for (const status of errors) response[String(status)] = errorSchema;
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [route.tag],
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.idempotent ? { headers: IdempotencyKeyHeaders } : {}),
    ...(route.multipart
      ? {
          consumes: ['multipart/form-data'],
          description: `Multipart: file parts ${route.multipart.files.map((f) => `\`${f}\``).join(', ')}.`,
        }
      : {}),
    response,
  };
}

/**
 * Registers a route from its declaration: method, URL, schema (hence validation, serialisation and
 * OpenAPI) and the access check, which runs before the body is read. The handler only does the work. A route
 * declared `idempotent` stores a call carrying an Idempotency-Key once (idempotency/serve.ts). A request
 * refused before its body was read has the body drained up to the route's largest lawful one (see
 * createService), so the client reads the refusal rather than a reset connection.
 */
export function serveRoute<D extends RouteDeclaration>(
  app: AnyFastify,
  route: D,
  handler: RouteHandler<D>,
  options: ServeOptions = {},
) {
  const access = route.access;
  if (access !== 'public' && !app.hasRequestDecorator('identity')) {
    throw new Error(
      `${route.name} is declared for '${String(access)}' callers, but this app verifies no identity`,
    );
  }
  if (route.apiToken && route.method !== 'GET') {
    throw new Error(`${route.name} accepts API tokens, which are read-only, but is not a GET`);
  }
  if (route.idempotent && (access === 'public' || access === 'service')) {
    throw new Error(`${route.name} is idempotent, which needs a person's identity to scope its keys`);
  }
  if (route.idempotent && !(app as { database?: unknown }).database) {
    throw new Error(`${route.name} is idempotent, but this app has no database to keep its keys in`);
  }
  const checks: onRequestAsyncHookHandler[] = [];
  if ((app as { database?: unknown }).database) checks.push(databaseReachableCheck);
  if (!route.apiToken && app.hasRequestDecorator('identity')) checks.push(apiTokenCheck);
  if (access !== 'public') checks.push(accessCheck(access));
  if (route.idempotent) checks.push(idempotencyKeyCheck);
  const idempotent = route.idempotent
    ? idempotentRoute(app as { database?: null }, route, handler as never)
    : null;
  const serve = (url: string, schema: FastifySchema) =>
    app.route({
      ...options,
      method: route.method,
      url,
      schema,
      config: {
        ...(options.config as object | undefined),
        uploadDrainBytes: uploadDrainBytes(route, app.initialConfig.bodyLimit ?? DEFAULT_JSON_BODY_BYTES),
      },
      ...(checks.length ? { onRequest: checks } : {}),
      ...(idempotent ? { onSend: idempotent.onSend } : {}),
      handler: (idempotent?.handler ?? handler) as unknown as RouteHandlerMethod,
    });
  const schema = routeSchema(route);
  serve(route.path, schema);
  if (route.trailingSlash) serve(`${route.path}/`, { ...schema, operationId: `${route.name}Slash` });
}
