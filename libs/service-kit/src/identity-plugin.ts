import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identity } from '@platform/contracts';
import { verifyIdentity, type IdentityCheck } from './identity';

export type IdentityProblem = Exclude<IdentityCheck, { ok: true }>['reason'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller the gateway vouched for, or null when no valid signed identity came with the request. */
    identity: Identity | null;
    identityProblem: IdentityProblem | null;
  }
}

/**
 * Verifies the signed identity on every request, against the request as this service received it (method,
 * path with query) and this service's own name, so headers signed for another call are refused. Each route's
 * declared access decides the rest.
 */
export function installIdentity(app: FastifyInstance, secret: string, service: string) {
  app.decorateRequest('identity', null);
  app.decorateRequest('identityProblem', null);
  app.addHook('onRequest', signedCallerHook(secret, service));
}

/**
 * The onRequest hook installIdentity adds, for a scope whose request.identity is already decorated by an
 * outer one (the gateway's routes for the services): the signed caller replaces whatever was set before.
 */
export function signedCallerHook(secret: string, service: string) {
  return async (request: FastifyRequest) => {
    const check = verifyIdentity(request.headers, secret, {
      method: request.method,
      url: request.url,
      service,
    });
    if (check.ok) {
      request.identity = check.identity;
      request.identityProblem = null;
    } else {
      request.identity = null;
      request.identityProblem = check.reason;
      if (check.reason !== 'missing') request.log.warn({ reason: check.reason }, 'identity refused');
    }
  };
}
