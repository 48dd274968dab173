import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from '@platform/contracts';

/** The plt cookie's value from the request, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE_NAME) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * HttpOnly keeps page scripts from reading the session; SameSite=Lax keeps other sites' forms from using
 * it; Secure whenever the request came over TLS (request.protocol honours X-Forwarded-Proto only when the
 * gateway is told to trust its proxy).
 */
function cookie(request: FastifyRequest, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE_NAME}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
  reply.header('set-cookie', cookie(request, token, SESSION_MAX_AGE_SECONDS));

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.header('set-cookie', cookie(request, '', 0));
