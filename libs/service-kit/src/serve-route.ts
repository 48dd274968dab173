import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import {
  ErrorBody,
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
import { HttpError } from './http-errors';
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
export type ServeOptions = Omit<RouteShorthandOptions, 'schema' | 'handler' | 'onRequest' | 'preHandler'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any server and type provider will do
type AnyFastify = FastifyInstance<any, any, any, any, any>;

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
export const apiTokenCheck: onRequestAsyncHookHandler = async (request) => {
  if (request.identity?.via === 'api-token') throw new HttpError(403, 'access.token_forbidden');
};

/** The Fastify schema of a declaration: its inputs, its answers, and ErrorBody for every refusal. */
export function routeSchema(route: RouteDeclaration): FastifySchema {
  const errors = new Set<ErrorStatus>(route.errors ?? []);
  if (route.params || route.query || route.body || route.multipart) errors.add(400);
  if (route.access !== 'public') errors.add(401);
  if (route.access !== 'public' && route.access !== 'signedIn') errors.add(403);
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
 * OpenAPI) and the access check, which runs before the body is read. The handler only does the work.
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
  const checks: onRequestAsyncHookHandler[] = [];
  if (!route.apiToken && app.hasRequestDecorator('identity')) checks.push(apiTokenCheck);
  if (access !== 'public') checks.push(accessCheck(access));
  const serve = (url: string, schema: FastifySchema) =>
    app.route({
      ...options,
      method: route.method,
      url,
      schema,
      ...(checks.length ? { onRequest: checks } : {}),
      handler: handler as unknown as RouteHandlerMethod,
    });
  const schema = routeSchema(route);
  serve(route.path, schema);
  if (route.trailingSlash) serve(`${route.path}/`, { ...schema, operationId: `${route.name}Slash` });
}
