import { Identity } from '@platform/contracts';
import { requireIdentity } from './identity-plugin';
import type { ServiceApp } from './service-app';

/**
 * Internal: echoes the identity the gateway signed. Not under a public prefix, so the gateway never routes
 * to it; it exists so operators and tests can check that gateway and service agree on the secret.
 */
export function registerWhoami(app: ServiceApp) {
  app.get(
    '/internal/whoami',
    {
      preHandler: requireIdentity,
      schema: { tags: ['internal'], response: { 200: Identity } },
    },
    async (request) => request.identity!,
  );
}
