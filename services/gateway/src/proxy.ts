import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '@platform/service-kit';
import { upstreamHeaders, type ResolveUser } from './identity-propagation';
import { ownerOf, type RoutingRule, type ServiceName } from './routing-table';
import { replyUpstreamError } from './upstream-errors';

export interface UpstreamTimeouts {
  /** Longest wait for a service's response headers before answering 504. */
  headersMs: number;
  /** Longest wait to open a connection before answering 503. */
  connectMs: number;
  /** Longest silence while a body streams before the exchange is cut. */
  bodyMs: number;
}

export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = {
  headersMs: 4000,
  connectMs: 2000,
  bodyMs: 60_000,
};

export interface ProxyOptions {
  upstreams: Record<ServiceName, string>;
  table: readonly RoutingRule[];
  identitySecret: string;
  resolveUser: ResolveUser;
  timeouts: UpstreamTimeouts;
}

function pathOf(url: string) {
  const q = url.indexOf('?');
  return q >= 0 ? url.slice(0, q) : url;
}

function decodable(path: string) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * /api/*, /audio/* (and, for services, whatever the table gives them) go to the owning service. Bodies are
 * never parsed here: the raw request stream is piped to the service and its response stream back, so an
 * upload or a download is never held whole in the gateway.
 */
export async function proxyRoutes(app: FastifyInstance, options: ProxyOptions) {
  await app.register(replyFrom, {
    undici: {
      connections: 128,
      pipelining: 1,
      headersTimeout: options.timeouts.headersMs,
      bodyTimeout: options.timeouts.bodyMs,
      connect: { timeout: options.timeouts.connectMs },
    },
    disableRequestLogging: true,
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    const owner = ownerOf(path, options.table, request.method);
    if (owner === null || owner === 'gateway') {
      return reply.callNotFound();
    }
    if (!decodable(path)) {
      return reply.code(400).send(errorBody(400, 'The request path is not validly encoded.'));
    }
    const service: ServiceName = owner;
    const identity = await options.resolveUser(request);
    return reply.from(`${options.upstreams[service]}${request.url}`, {
      rewriteRequestHeaders: (_req, headers) =>
        upstreamHeaders(request, headers, identity, options.identitySecret),
      onError: (rep, { error }) => replyUpstreamError(rep as FastifyReply, service, error),
      // Never replay a request on the client's behalf: a failure is reported at once.
      retryDelay: () => null,
    });
  };

  const methods = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;
  for (const url of ['/api/*', '/audio/*']) {
    app.route({ method: [...methods], url, handler: forward, schema: { hide: true } });
  }
}
