import swagger from '@fastify/swagger';
import type { ServiceApp } from './service-app';

/** Must be registered before the routes so it sees every route's schema. */
export async function registerOpenApi(app: ServiceApp, title: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title, version: '1.0.0' },
    },
  });
  app.get('/openapi.json', { schema: { hide: true }, logLevel: 'warn' }, async () => app.swagger());
}
