import { Identity } from '@platform/contracts';
import { requireIdentity, type ServiceApp } from '@platform/service-kit';

/**
 * Internal: echoes the identity the gateway signed. Not under a public prefix, so the gateway never routes
 * to it; it exists so operators and tests can check that gateway and service agree on the secret.
 */
export async function whoamiRoutes(app: ServiceApp) {
  app.get(
    '/internal/whoami',
    {
      preHandler: requireIdentity,
      schema: { tags: ['internal'], response: { 200: Identity } },
    },
    async (request) => request.identity!,
  );
}
