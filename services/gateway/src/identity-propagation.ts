import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Identity } from '@platform/contracts';
import { REQUEST_ID_HEADER, signIdentity } from '@platform/service-kit';

/** Turns a request into the signed-in person, or null. Sessions (issue 4) plug in here. */
export type ResolveUser = (request: FastifyRequest) => Promise<Identity | null>;

/** Until sessions exist nobody is signed in. */
export const resolveUser: ResolveUser = async () => null;

const IDENTITY_PREFIX = 'x-platform-identity';

/**
 * Headers for the upstream request: whatever identity headers the client sent are dropped (only the
 * gateway may vouch for someone), then signed ones are added for the resolved user.
 */
export function upstreamHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
  identity: Identity | null,
  secret: string,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.toLowerCase().startsWith(IDENTITY_PREFIX)) out[name] = value;
  }
  out[REQUEST_ID_HEADER] = request.id;
  const forwardedFor = headers['x-forwarded-for'];
  out['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${request.ip}` : request.ip;
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-host'] = request.host;
  if (identity) Object.assign(out, signIdentity(identity, secret));
  return out;
}
