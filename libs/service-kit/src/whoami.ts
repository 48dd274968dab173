import { getInternalWhoami } from '@platform/contracts';
import { serveRoute } from './serve-route';
import type { ServiceApp } from './service-app';

/** Internal: echoes the identity the gateway signed (see the declaration). */
export function registerWhoami(app: ServiceApp) {
  serveRoute(app, getInternalWhoami, async (request) => request.identity);
}
