import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Identity, IdentityRole } from '@platform/contracts';
import { errorBody } from './http-errors';
import { verifyIdentity, type IdentityCheck } from './identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller the gateway vouched for, or null when no valid signed identity came with the request. */
    identity: Identity | null;
    identityProblem: Exclude<IdentityCheck, { ok: true }>['reason'] | null;
  }
}

const PROBLEM_MESSAGES: Record<Exclude<IdentityCheck, { ok: true }>['reason'], string> = {
  missing: 'You need to be signed in to do this.',
  malformed: 'The identity sent with this request is malformed.',
  stale: 'The identity sent with this request has expired.',
  'bad-signature': 'The identity sent with this request is not validly signed.',
};

/**
 * Verifies the signed identity on every request, against the request as this service received it (method,
 * path with query) and this service's own name, so headers signed for another call are refused. Routes opt
 * in to requiring it.
 */
export function installIdentity(app: FastifyInstance, secret: string, service: string) {
  app.decorateRequest('identity', null);
  app.decorateRequest('identityProblem', null);
  app.addHook('onRequest', async (request) => {
    const check = verifyIdentity(request.headers, secret, {
      method: request.method,
      url: request.url,
      service,
    });
    if (check.ok) {
      request.identity = check.identity;
    } else {
      request.identityProblem = check.reason;
      if (check.reason !== 'missing') request.log.warn({ reason: check.reason }, 'identity refused');
    }
  });
}

/** preHandler for routes that need a signed-in person: 401 otherwise. */
export const requireIdentity: preHandlerHookHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  done,
) => {
  if (!request.identity) {
    reply.code(401).send(errorBody(401, PROBLEM_MESSAGES[request.identityProblem ?? 'missing']));
    return;
  }
  done();
};

/** preHandler for routes open to some roles only: 401 when signed out, 403 for other roles. */
export function requireRole(...roles: IdentityRole[]): preHandlerHookHandler {
  return (request, reply, done) => {
    if (!request.identity) {
      reply.code(401).send(errorBody(401, PROBLEM_MESSAGES[request.identityProblem ?? 'missing']));
      return;
    }
    if (!roles.includes(request.identity.role)) {
      reply.code(403).send(errorBody(403, 'Your role does not allow this.'));
      return;
    }
    done();
  };
}
