import type { RouteDeclaration } from '@platform/contracts';
import { ServiceUnavailableError, type ServiceCallOptions, type ServiceClient } from '@platform/service-kit';
import type { UpstreamPool } from './upstream-pool';

/**
 * The gateway's own calls to a service (figures, stored bytes, the digest, erasure) spread over its copies like
 * the proxied ones. A copy that gave no answer at all is passed over for a while; a read (GET) is then asked of
 * another copy, while a write is not repeated, since it may have reached the first.
 */
export function balancedServiceClient(
  pool: UpstreamPool,
  clientFor: (baseUrl: string) => ServiceClient,
): ServiceClient {
  const clients = new Map(pool.urls.map((url) => [url, clientFor(url)]));
  return {
    async call<D extends RouteDeclaration>(route: D, options?: ServiceCallOptions<D>) {
      const tried = new Set<string>();
      // pick() without exclusions always names a copy.
      let base = pool.pick()!;
      for (;;) {
        tried.add(base);
        try {
          const reply = await clients.get(base)!.call(route, options);
          pool.markUp(base);
          return reply;
        } catch (error) {
          const unanswered = error instanceof ServiceUnavailableError && error.answered === null;
          if (unanswered) pool.markDown(base);
          const other = unanswered && route.method === 'GET' ? pool.pick(tried) : undefined;
          if (other === undefined) throw error;
          base = other;
        }
      }
    },
  };
}
