import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Identity } from '@platform/contracts';
import { REQUEST_ID_HEADER, signIdentity, type SignedRequest } from '@platform/service-kit';
import { SESSION_COOKIE_NAMES } from '../accounts/session-cookie';

const IDENTITY_PREFIX = 'x-platform-identity';

function withoutSessionCookie(header: string | undefined) {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !SESSION_COOKIE_NAMES.includes(part.split('=')[0]!.trim()));
  return kept.length ? kept.join('; ') : undefined;
}

/**
 * Headers for the upstream request: whatever identity headers the client sent are dropped (only the
 * gateway may vouch for someone), then signed ones are added for the resolved user, good only for this
 * request (its method, its target as sent, the service it goes to).
 */
export function upstreamHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
  identity: Identity | null,
  secret: string,
  signed: SignedRequest,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    // An API token (Authorization: Bearer) is a credential like the session cookie: it stays here too.
    if (!lower.startsWith(IDENTITY_PREFIX) && lower !== 'authorization') out[name] = value;
  }
  // Services learn who is calling from the signed identity; the session credential itself stays here.
  const cookie = withoutSessionCookie(headers.cookie);
  if (cookie) out.cookie = cookie;
  else delete out.cookie;
  out[REQUEST_ID_HEADER] = request.id;
  const forwardedFor = headers['x-forwarded-for'];
  out['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${request.ip}` : request.ip;
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-host'] = request.host;
  if (identity) Object.assign(out, signIdentity(identity, secret, signed));
  return out;
}
