import type { FastifyInstance } from 'fastify';

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
