import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { ROUTES, type RouteDeclaration } from '@platform/contracts';
import { DEFAULT_BODY_LIMIT, discardRestOfUpload, HttpError, uploadDrainBytes } from '@platform/service-kit';
import { patternOf } from './storage-quota/stores-files';

/**
 * How much of a request body the gateway reads and drops after answering it early: the most the declared
 * route it is for could lawfully take (a recording's 5 MB, a dataset upload's 100 MB), with a margin; the
 * largest declared upload for a path no declaration matches (trailing slashes, typos, 404s).
 */
export function uploadDrainBytesFor(routes: readonly RouteDeclaration[] = ROUTES) {
  const bounds = routes.map((route) => ({
    method: route.method,
    pattern: patternOf(route.path),
    bytes: uploadDrainBytes(route, DEFAULT_BODY_LIMIT),
  }));
  const largest = Math.max(...bounds.map((b) => b.bytes));
  return (method: string, path: string): number => {
    const trimmed = path.replace(/\/+$/u, '') || '/';
    return bounds.find((b) => b.method === method.toUpperCase() && b.pattern.test(trimmed))?.bytes ?? largest;
  };
}

/**
 * The stream a proxied request's body goes upstream through, in place of the client's own. When a service
 * answers before the whole body has gone up (it refused the upload: signed out, a role it does not admit)
 * the HTTP client drops the upstream connection and destroys the body it was sending. Were that the client's
 * request, the client's connection would close under the answer (a browser reads a reset, never the 401);
 * destroyed here, only this stream goes, and the rest of the client's body is read and dropped (up to
 * `drainBytes`) while the answer goes back on a connection that stays open.
 */
export function proxiedBody(payload: Readable, drainBytes: () => number): Readable {
  const raw = payload as IncomingMessage;
  const body = new PassThrough();
  payload.pipe(body);
  // The client giving up still aborts the upstream request, as it did when the body was the client's own.
  payload.once('error', (err) => body.destroy(err));
  payload.once('close', () => {
    if (!payload.readableEnded) body.destroy(new Error('the client closed the request before its end'));
  });
  body.once('close', () => {
    if (!payload.readableEnded && !payload.destroyed) discardRestOfUpload(raw, drainBytes());
  });
  return body;
}

/**
 * A body announced larger than the most its route could lawfully take is refused here, before a service is
 * asked: the service would refuse it too, but cut the connection past its own bound while the body was still
 * going up, and the person would hear that the service is unavailable rather than that they sent too much.
 */
export function refusalOfOversizedBody(raw: IncomingMessage, drainBytes: number): HttpError | null {
  const announced = Number(raw.headers['content-length']);
  return Number.isFinite(announced) && announced > drainBytes
    ? new HttpError(413, 'request.too_large')
    : null;
}
