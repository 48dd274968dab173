import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The helmet options of the platform. The CSP admits the remotes' origins for their scripts, manifests,
 * styles, images and fonts; styled-components needs inline styles; media may come from blob: (recordings);
 * the service worker and the web app manifest come from the site itself.
 */
export function helmetOptions(remoteOrigins: string[], devMode = false): HelmetOptions {
  const self = "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        // Webpack's development builds evaluate modules with eval; production builds never do.
        scriptSrc: [self, ...remoteOrigins, ...(devMode ? ["'unsafe-eval'"] : [])],
        connectSrc: [self, ...remoteOrigins, ...(devMode ? ['ws:', 'wss:'] : [])],
        styleSrc: [self, "'unsafe-inline'", ...remoteOrigins],
        imgSrc: [self, 'blob:', 'data:', ...remoteOrigins],
        mediaSrc: [self, 'blob:', 'data:'],
        fontSrc: [self, 'data:', ...remoteOrigins],
        // The site's service worker (/sw.js) and web app manifest, both its own.
        workerSrc: [self],
        manifestSrc: [self],
        objectSrc: ["'none'"],
        baseUri: [self],
        formAction: [self],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The platform runs on plain http on one machine; HSTS belongs to the TLS terminator in front of it.
    strictTransportSecurity: false,
  };
}

/**
 * Runs helmet once against a recording response and returns the headers it sets. The options have no
 * per-request parts (no nonces), so the result is the same for every response.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers on every response (pages, assets, API, proxied answers, errors). Helmet decides the
 * headers; they are computed once here rather than per request, as @fastify/helmet does, which cost about
 * 40% of the gateway's CPU per proxied request.
 */
export function registerSecurityHeaders(app: FastifyInstance, remoteOrigins: string[], devMode = false) {
  const headers = computeSecurityHeaders(helmetOptions(remoteOrigins, devMode));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
