import type { FastifyBaseLogger } from 'fastify';
import { routeUrl, type RouteDeclaration, type RouteReply } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { serviceHeaders } from '../sentences/service-identity';

/** A call to the text service that waits longer than this is given up (the person sees 503). */
export const TEXT_CALL_TIMEOUT_MS = 5000;

export interface TextClient {
  /** GETs a text-service route as the speech service; 503 `service.unavailable` when text cannot answer. */
  get<D extends RouteDeclaration>(route: D, params?: Record<string, string>): Promise<RouteReply<D>>;
}

/**
 * Calls the text service's internal routes in the speech service's own signed name, as the sentence sync
 * does. Any failure to get a good answer (down, timed out, an error status) means the text service is
 * unavailable to this request: HttpError 503 `service.unavailable`, the cause logged here.
 */
export function createTextClient(options: {
  textUrl: string;
  secret: string;
  log: FastifyBaseLogger;
}): TextClient {
  const base = options.textUrl.replace(/\/+$/, '');
  const unavailable = (url: string, cause: string) => {
    options.log.warn({ url, cause }, 'text service unavailable');
    return new HttpError(503, 'service.unavailable');
  };
  return {
    async get<D extends RouteDeclaration>(route: D, params: Record<string, string> = {}) {
      const url = `${base}${routeUrl(route.path, params)}`;
      let res: Response;
      try {
        res = await fetch(url, {
          headers: serviceHeaders(options.secret, 'GET', url),
          signal: AbortSignal.timeout(TEXT_CALL_TIMEOUT_MS),
        });
      } catch (err) {
        throw unavailable(url, err instanceof Error ? err.message : String(err));
      }
      if (!res.ok) throw unavailable(url, `HTTP ${res.status}`);
      return (await res.json()) as RouteReply<D>;
    },
  };
}
