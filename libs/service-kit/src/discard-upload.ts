import type { IncomingMessage } from 'node:http';

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
    if (dropped > maxBytes) raw.socket?.destroy();
  });
  raw.resume();
}
