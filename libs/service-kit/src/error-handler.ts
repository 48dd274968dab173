import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import { isErrorCode, type ErrorCode } from '@platform/contracts';
import { errorBody, isHttpError } from './http-errors';

interface MaybeExposed {
  expose?: boolean;
}

/** An error that knows when the client may try again (a busy queue) says so in Retry-After. */
interface MaybeRetryAfter {
  retryAfterSeconds?: unknown;
}

/** The driver's ways of saying the database cannot be reached: an outage, not a bug, so 503. */
const DATABASE_UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
]);

/** Fastify's own refusals of a request it could not take in, by status. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  400: 'request.malformed',
  404: 'route.not_found',
  413: 'request.too_large',
  415: 'request.unsupported_media_type',
  429: 'rate_limit.exceeded',
};

function send(reply: FastifyReply, status: number, code: ErrorCode, message?: string, extra?: object) {
  return reply.code(status).send({ ...errorBody(status, code, message), ...extra });
}

/**
 * The one place an error becomes an answer. Our HttpErrors keep their status, code and message; schema
 * failures are 400 `validation.failed` (or the code a route's formatter gave); the framework's refusals of
 * a request (bad JSON, too large, wrong media type) keep their 4xx status and message; a database outage is
 * 503; anything else is a 500 with a generic message, logged with the request id for the operator. An error
 * carrying `retryAfterSeconds` (a full queue) also answers Retry-After.
 */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const retryAfter = (error as MaybeRetryAfter).retryAfterSeconds;
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0) {
    reply.header('retry-after', String(Math.ceil(retryAfter)));
  }
  if (isHttpError(error)) {
    if (error.statusCode >= 500)
      request.log.warn({ err: error }, 'request refused with a server-side condition');
    return send(reply, error.statusCode, error.code, error.message, error.details);
  }
  if (error.validation) {
    return send(reply, 400, isErrorCode(error.code) ? error.code : 'validation.failed', error.message);
  }
  if (DATABASE_UNREACHABLE.has(error.name)) {
    request.log.warn({ reason: error.message }, 'database unreachable');
    return send(reply, 503, 'database.unavailable');
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = isErrorCode(error.code) ? error.code : (FRAMEWORK_CODES[status] ?? 'request.malformed');
    return send(reply, status, code, error.message);
  }
  if (status >= 500 && status <= 599 && (error as MaybeExposed).expose) {
    request.log.warn({ err: error }, 'request failed with a reported server-side condition');
    return send(reply, status, isErrorCode(error.code) ? error.code : 'server.internal', error.message);
  }
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 500, 'server.internal');
}

export function replyNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(
    reply,
    404,
    'route.not_found',
    `Route ${request.method} ${request.url.split('?')[0]} not found`,
  );
}

export function installErrorHandling(app: FastifyInstance, notFound: RouteHandlerMethod = replyNotFound) {
  app.setErrorHandler(replyWithError);
  app.setNotFoundHandler(notFound);
}
