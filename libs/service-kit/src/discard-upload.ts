import type { IncomingMessage } from 'node:http';
import type { RouteDeclaration } from '@platform/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Bytes of a body refused before it was read that are read and dropped (see drainUnreadBody). */
    uploadDrainBytes?: number;
  }
}

/** Headroom over a route's largest lawful body: multipart framing, part headers, a few fields. */
const DRAIN_MARGIN_BYTES = 256 * 1024;
/** A declared file part without a size of its own (the services' multipart ceiling). */
const UNSIZED_FILE_BYTES = 25 * 1024 * 1024;
const DEFAULT_FIELD_BYTES = 1024;

/**
 * After an early refusal the client is usually still sending. Reading and dropping the rest lets it see the
 * answer and keeps the connection usable; past `maxBytes` more the connection is cut instead, so a huge
 * body costs neither memory nor unbounded reading.
 */
export function discardRestOfUpload(raw: IncomingMessage, maxBytes: number) {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= maxBytes) return;
    // A request injected in a test has a socket that cannot be cut: it is left unread instead.
    if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    else raw.pause();
  });
  raw.resume();
}

/**
 * The most a route's request can lawfully carry, with a margin: what is drained after refusing it before its
 * body (a signed-out upload, a forbidden role), so that even the largest upload it takes reaches its answer.
 */
export function uploadDrainBytes(route: RouteDeclaration, jsonBodyLimit: number): number {
  const parts = route.multipart;
  if (!parts) return jsonBodyLimit + DRAIN_MARGIN_BYTES;
  const fieldCount = Object.keys((parts.fields as { properties?: object }).properties ?? {}).length;
  return (
    parts.files.length * (parts.maxFileBytes ?? UNSIZED_FILE_BYTES) +
    fieldCount * (parts.maxFieldBytes ?? DEFAULT_FIELD_BYTES) +
    DRAIN_MARGIN_BYTES
  );
}

/** Whether a request announces a body (a length above zero, or a chunked one). */
const announcesBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;

/**
 * For an answer going out before anything read the request's body (an access check, a malformed
 * Idempotency-Key, a retry told to wait): drains the body up to `maxBytes`. Left alone, the body stalls the
 * connection, and a client still sending reads a reset rather than the answer. A body that is being read, or
 * was, is left to its reader.
 */
export function drainUnreadBody(raw: IncomingMessage, maxBytes: number) {
  if (raw.readableFlowing !== null || raw.readableEnded || raw.destroyed || !announcesBody(raw)) return;
  discardRestOfUpload(raw, maxBytes);
}
