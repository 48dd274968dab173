import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyIdentity } from '@platform/service-kit';

/**
 * A stand-in for a backend service, speaking plain HTTP so the tests see exactly what the gateway sends:
 * - GET  /readyz                      200, or 503 when `ready` is false
 * - ANY  /api/.../headers             the request headers it received, as JSON
 * - POST /api/.../echo                streams the request body straight back, headers sent at once
 * - POST /api/.../sink                reads the whole body, then answers { bytes }
 * - GET  /api/.../sized?bytes=N       a JSON string of exactly N bytes, with its Content-Length
 *                                     (and `Accept-Ranges: bytes` when `ranged` is in the query)
 * - GET  /api/.../cut                 announces 500 bytes, sends 100, then drops the connection
 * - ANY  /api/.../hang                never answers
 * - POST /api/.../refuse              401 at once, the body unread (a service refusing a signed-out upload)
 * - POST /api/.../late?ms=N           reads the whole body, then answers { bytes } N ms later
 * - GET  /internal/users/:id/(text|speech)-storage   { bytes: 0 } (the storage quota's reading; not listed
 *                                     in `received`)
 */
export interface TestUpstream {
  url: string;
  ready: boolean;
  lastHeaders: IncomingHttpHeaders | null;
  /** Every request that reached it ("METHOD target", /readyz included), oldest first; tests may empty it. */
  received: string[];
  close(): Promise<void>;
}

export async function startTestUpstream(): Promise<TestUpstream> {
  const state: { ready: boolean; lastHeaders: IncomingHttpHeaders | null } = {
    ready: true,
    lastHeaders: null,
  };
  const hanging = new Set<ServerResponse>();
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    // What a person stores, asked by the gateway before each upload: nothing yet (not listed in `received`).
    if (/^\/internal\/users\/[^/]+\/(text|speech)-storage$/.test(path)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ bytes: 0 }));
      return;
    }
    state.lastHeaders = req.headers;
    received.push(`${req.method} ${req.url}`);
    if (path === '/readyz') {
      res.writeHead(state.ready ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: state.ready ? 'ready' : 'not_ready' }));
    } else if (path.endsWith('/headers')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ headers: req.headers, url: req.url, method: req.method }));
    } else if (path.endsWith('/echo')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.flushHeaders();
      req.pipe(res);
    } else if (path.endsWith('/sink')) {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ bytes }));
      });
    } else if (path.endsWith('/sized')) {
      const bytes = Number(new URL(req.url ?? '/', 'http://upstream').searchParams.get('bytes'));
      const body = `"${'a'.repeat(Math.max(0, bytes - 2))}"`;
      const ranged = new URL(req.url ?? '/', 'http://upstream').searchParams.has('ranged');
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(ranged ? { 'accept-ranges': 'bytes' } : {}),
      });
      res.end(body);
    } else if (path.endsWith('/cut')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 500, etag: '"v1"' });
      res.write('a'.repeat(100), () => res.destroy());
    } else if (path.endsWith('/late') || new URL(req.url ?? '/', 'http://upstream').searchParams.has('ms')) {
      const ms = Number(new URL(req.url ?? '/', 'http://upstream').searchParams.get('ms'));
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ bytes }));
        }, ms);
      });
    } else if (path.endsWith('/refuse')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: 'Unauthorized',
          code: 'identity.missing',
          message: 'You need to be signed in to do this.',
          statusCode: 401,
        }),
      );
    } else if (path.endsWith('/hang')) {
      hanging.add(res);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not Found', message: 'upstream has no such route', statusCode: 404 }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const upstream: TestUpstream = {
    url: `http://127.0.0.1:${port}`,
    get ready() {
      return state.ready;
    },
    set ready(value: boolean) {
      state.ready = value;
    },
    get lastHeaders() {
      return state.lastHeaders;
    },
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return upstream;
}

/** What an answer of the `/headers` route says. */
export interface EchoedRequest {
  headers: Record<string, string>;
  url: string;
  method: string;
}

/** The identity `service` would accept from the request the `/headers` route echoed (as the service checks it). */
export const identityReceived = (echoed: EchoedRequest, secret: string, service: string) =>
  verifyIdentity(echoed.headers, secret, { method: echoed.method, url: echoed.url, service });
