import replyFrom from '@fastify/reply-from';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIXES, AUTH_PREFIX } from '@platform/contracts';
import { REQUEST_ID_HEADER } from '@platform/service-kit';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { upstreamHeaders } from './identity-propagation';
import { splitTarget } from './path-guard';
import type { StorageGate } from './storage-quota/storage-gate';
import { storesFilesMatcher } from './storage-quota/stores-files';
import { ownerOf, type RoutingRule, type ServiceName } from './routing-table';
import { replyUpstreamError } from './upstream-errors';
import { proxiedBody, refusalOfOversizedBody, uploadDrainBytesFor } from './upload-drain';
import { neverReached, type UpstreamPool } from './upstream-pool';

export interface UpstreamTimeouts {
  /** Longest wait for a service's response headers before answering 504. */
  headersMs: number;
  /** Longest wait to open a connection before answering 503. */
  connectMs: number;
  /** Longest silence while a body streams before the exchange is cut. */
  bodyMs: number;
  /**
   * For multipart uploads (a bulk sentence file, a recording): how long the service may take to answer, and
   * the longest silence while either body streams. The service reads, checks and stores the whole file
   * before it answers, which can take longer than headersMs.
   */
  uploadMs: number;
}

export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = {
  headersMs: 4000,
  connectMs: 2000,
  bodyMs: 60_000,
  uploadMs: 30_000,
};

const isMultipart = (request: FastifyRequest) =>
  /^multipart\/form-data\b/iu.test(String(request.headers['content-type'] ?? ''));

/**
 * A request without a body can go to another copy when the first could not be reached: nothing of it was
 * sent. One with a body cannot, since the HTTP client destroys the body stream it failed to send; the client
 * hears 503 and retries (with its Idempotency-Key), and by then the dead copy is passed over.
 */
const hasNoBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] === undefined && !(Number(request.headers['content-length']) > 0);

export interface ProxyOptions {
  /** Each service's copies, taken in turn. */
  upstreams: Record<ServiceName, UpstreamPool>;
  table: readonly RoutingRule[];
  identitySecret: string;
  timeouts: UpstreamTimeouts;
  /** Storage quota and free-space checks of uploads. */
  storageGate: StorageGate;
}

/** A service's answer as @fastify/reply-from hands it over (its type declarations leave `headers` out). */
interface UpstreamAnswer {
  headers: IncomingHttpHeaders;
  stream: Readable;
}

async function readWhole(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The compressor cannot apply its size threshold to a stream, whose size it does not know, so it gzipped
 * every small JSON answer for browsers that accept gzip: a quarter of the gateway's CPU per proxied Speak
 * round, to save a few hundred bytes. An answer whose declared length is under the threshold is therefore
 * read whole (under 1 kB) and sent as a buffer, which the compressor leaves alone; anything larger, or of
 * unknown length, streams through as it arrives.
 */
function sendAnswer(reply: FastifyReply, answer: UpstreamAnswer, service: ServiceName) {
  // reply-from closes the client's connection when the service answers before the whole body has come in (a
  // refused upload). The rest of the body is drained instead (proxiedBody), so the connection stays open and
  // a client still sending reads the answer rather than a reset.
  if (!reply.request.raw.complete) reply.removeHeader('connection');
  // A file served by byte ranges (a release's metadata.json, a clip) goes out as stored: gzipped, it would
  // lose its Content-Length, and its ETag and any resumed range would describe bytes the client never got.
  // @fastify/compress skips a request carrying this header.
  if (answer.headers['accept-ranges'] === 'bytes') reply.request.headers['x-no-compression'] = '1';
  const length = Number(answer.headers['content-length']);
  if (!(length < COMPRESSION_THRESHOLD_BYTES)) {
    reply.send(answer.stream);
    return;
  }
  readWhole(answer.stream).then(
    (body) => reply.send(body),
    (error: unknown) => {
      // Nothing has gone out yet: answer like any other failed service, without the half-sent answer's headers.
      for (const name of Object.keys(answer.headers)) {
        if (name !== REQUEST_ID_HEADER) reply.removeHeader(name);
      }
      replyUpstreamError(reply, service, error);
    },
  );
}

/**
 * /api/*, /audio/* (and, for services, whatever the table gives them) go to the owning service. Bodies are
 * never parsed here: the raw request stream is piped to the service and its response stream back, so an
 * upload or a download is never held whole in the gateway (only answers under 1 kB are, see sendAnswer).
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
  const drainBytes = uploadDrainBytesFor();
  app.addContentTypeParser('*', (request, payload, done) => {
    const bytes = drainBytes(request.method, splitTarget(request.url).path);
    const refusal = refusalOfOversizedBody(request.raw, bytes);
    if (refusal) return done(refusal, undefined);
    done(
      null,
      proxiedBody(payload, () => bytes),
    );
  });

  const storesFiles = storesFilesMatcher();
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // The path guard (path-guard.ts) has already refused any path URL parsing would change, so the path
    // routed here is the path the service receives.
    const { path, query } = splitTarget(request.url);
    const owner = ownerOf(path, options.table, request.method);
    if (owner === null || owner === 'gateway') {
      return reply.callNotFound();
    }
    const service: ServiceName = owner;
    const identity = request.identity;
    await options.storageGate(request, reply, identity, path);
    // The signature covers the request target exactly as sent: the query goes as it came (reply-from would
    // otherwise re-serialise it through URL parsing).
    const target = query ? `${path}?${query}` : path;
    const signed = { method: request.method, url: target, service };
    const pool = options.upstreams[service];
    const tried = new Set<string>();
    const send = (base: string): FastifyReply => {
      tried.add(base);
      return reply.from(`${base}${path}`, {
        queryString: () => query,
        rewriteRequestHeaders: (_req, headers) =>
          upstreamHeaders(request, headers, identity, options.identitySecret, signed),
        onResponse: (_req, rep, res) => {
          pool.markUp(base);
          sendAnswer(rep as FastifyReply, res as unknown as UpstreamAnswer, service);
        },
        onError: (rep, { error }) => {
          if (neverReached(error)) {
            pool.markDown(base);
            const other = hasNoBody(request) ? pool.pick(tried) : undefined;
            if (other !== undefined) {
              send(other);
              return;
            }
          }
          replyUpstreamError(rep as FastifyReply, service, error);
        },
        // Never replay a request that may have reached a service: a failure is reported at once.
        retryDelay: () => null,
        // An upload is answered once the service has read and checked all of it: a longer wait. So is a route
        // that stores files sent before (a donation made from finished resumable uploads checks their audio).
        ...(isMultipart(request) || storesFiles(request.method, path)
          ? { timeout: options.timeouts.uploadMs }
          : {}),
      });
    };
    // pick() without exclusions always names a copy: with every copy down it still tries the next one.
    return send(pool.pick()!);
  };

  const methods = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;
  // /auth is the gateway's own, whole: the proxy serves the other families.
  for (const url of API_PREFIXES.filter((prefix) => prefix !== AUTH_PREFIX).map((prefix) => `${prefix}/*`)) {
    app.route({
      method: [...methods],
      url,
      handler: forward,
      schema: { hide: true },
      // A compressed upload goes to the service as it came, with its Content-Encoding: inflating it here
      // would forward a body that no longer matches its headers.
      decompress: false,
    });
  }
}
