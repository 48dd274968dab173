import type { FastifyInstance } from 'fastify';
import { HttpError } from '@platform/service-kit';
import { isApiPath } from './routing-table';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a state-changing request may come from: the gateway's public origin and the configured
 * extras. A public origin on a loopback name also admits the other loopback names on the same port, since
 * http://127.0.0.1:3000 and http://localhost:3000 are the same site to the person using it.
 */
export function allowedOrigins(publicUrl: string, extra: readonly string[] = []): Set<string> {
  const origins = new Set<string>();
  const own = new URL(publicUrl);
  origins.add(own.origin);
  if (LOOPBACK_NAMES.includes(own.hostname)) {
    for (const name of LOOPBACK_NAMES) {
      const alias = new URL(own.origin);
      alias.hostname = name;
      origins.add(alias.origin);
    }
  }
  for (const origin of extra) origins.add(new URL(origin).origin);
  return origins;
}

/**
 * Refuses writes another site's page makes with the visitor's cookie (CSRF): a state-changing /api, /auth or
 * /audio request whose Origin is not ours, or that the browser itself labels cross-site. Requests without
 * either header are not from a browser page (curl, services, tests) and carry no ambient cookie risk.
 */
export function registerOriginGuard(app: FastifyInstance, origins: Set<string>) {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const q = request.url.indexOf('?');
    if (!isApiPath(q >= 0 ? request.url.slice(0, q) : request.url)) return;
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite || (origin !== undefined && !origins.has(origin))) {
      request.log.warn(
        { origin, secFetchSite: request.headers['sec-fetch-site'] },
        'cross-origin write refused',
      );
      throw new HttpError(403, 'origin.cross_site', undefined, { ok: false });
    }
  });
}
