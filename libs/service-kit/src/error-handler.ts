import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import { errorBody, GENERIC_500_MESSAGE } from './http-errors';

interface MaybeExposed {
  expose?: boolean;
}

/** The driver's ways of saying the database cannot be reached: an outage, not a bug, so 503. */
const DATABASE_UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
]);
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable right now. Please try again later.';

/**
 * Client mistakes (validation, bad JSON, too large, wrong media type) keep their 4xx status and message;
 * everything else is a 500 with a generic message, logged with the request id for the operator.
 */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply.code(400).send(errorBody(400, error.message));
  }
  if (DATABASE_UNREACHABLE.has(error.name)) {
    request.log.warn({ reason: error.message }, 'database unreachable');
    return reply.code(503).send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(status, error.message));
  }
  if (status >= 500 && status <= 599 && (error as MaybeExposed).expose) {
    request.log.warn({ err: error }, 'request failed with a reported server-side condition');
    return reply.code(status).send(errorBody(status, error.message));
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody(500, GENERIC_500_MESSAGE));
}

export function replyNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
}

export function installErrorHandling(app: FastifyInstance, notFound: RouteHandlerMethod = replyNotFound) {
  app.setErrorHandler(replyWithError);
  app.setNotFoundHandler(notFound);
}
