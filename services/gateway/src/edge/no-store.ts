import type { FastifyError, FastifyInstance } from 'fastify';
import { replyWithError } from '@platform/service-kit';
import { HASHING_RETRY_AFTER_SECONDS, HashingBusyError } from '../accounts/passwords';

/** Answers about a person (a session, a secret, someone's list) must never be stored by a shared cache. */
export function noStore(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/** As noStore, for routes where some answers say otherwise themselves (an avatar's own caching). */
export function noStoreUnlessSaid(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/** A full password-hashing queue is a 503 the client may retry (the kit's handler writes the body). */
export function retryWhenHashingBusy(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HashingBusyError) reply.header('retry-after', String(HASHING_RETRY_AFTER_SECONDS));
    return replyWithError(error, request, reply);
  });
}
