import type { FastifyBaseLogger } from 'fastify';
import {
  routeUrl,
  type Identity,
  type RouteBody,
  type RouteDeclaration,
  type RouteOwner,
  type RouteReply,
} from '@platform/contracts';
import { HttpError } from './http-errors';
import { requestTarget, signIdentity } from './identity';

/** A call to another platform service that waits longer than this is given up (the person sees 503). */
export const SERVICE_CALL_TIMEOUT_MS = 5000;

/**
 * What a service call throws when the other service could not give a good answer: 503 service.unavailable to
 * whoever is waiting, with the status the other service answered (null when it did not answer at all), for a
 * caller to which some answer means something (a 404 from a feed's owner: the item is gone).
 */
export class ServiceUnavailableError extends HttpError {
  constructor(readonly answered: number | null) {
    super(503, 'service.unavailable');
  }
}

export interface ServiceCallOptions<D extends RouteDeclaration> {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: RouteBody<D>;
}

export interface ServiceClient {
  /** Calls another service's route in this service's own signed name; 503 `service.unavailable` on any failure. */
  call<D extends RouteDeclaration>(route: D, options?: ServiceCallOptions<D>): Promise<RouteReply<D>>;
}

/**
 * Calls another platform service's internal routes as a service identity (never a person's), signed for
 * exactly that request. Any failure to get a good answer (down, timed out, an error status) means the other
 * service is unavailable to this request: HttpError 503 `service.unavailable`, the cause logged here.
 */
export function createServiceClient(options: {
  /** Who is calling: one of SERVICE_IDENTITIES. */
  identity: Identity;
  /** The service called, as it names itself when verifying signatures. */
  target: RouteOwner;
  baseUrl: string;
  secret: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): ServiceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const unavailable = (url: string, cause: string, answered: number | null = null) => {
    options.log.warn({ url, cause, target: options.target }, 'service unavailable');
    return new ServiceUnavailableError(answered);
  };
  return {
    async call<D extends RouteDeclaration>(route: D, call: ServiceCallOptions<D> = {}) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(call.query ?? {})) {
        if (value !== undefined) search.set(key, String(value));
      }
      const qs = search.toString();
      const url = `${base}${routeUrl(route.path, call.params)}${qs ? `?${qs}` : ''}`;
      const headers: Record<string, string> = signIdentity(options.identity, options.secret, {
        method: route.method,
        url: requestTarget(url),
        service: options.target,
      });
      let body: string | undefined;
      if (call.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(call.body);
      }
      let res: Response;
      try {
        res = await fetch(url, {
          method: route.method,
          headers,
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? SERVICE_CALL_TIMEOUT_MS),
        });
      } catch (err) {
        throw unavailable(url, err instanceof Error ? err.message : String(err));
      }
      if (!res.ok) throw unavailable(url, `HTTP ${res.status}`, res.status);
      return (await res.json()) as RouteReply<D>;
    },
  };
}
