import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from '@platform/contracts';

/**
 * The session cookie's name when the site is served over TLS. Browsers keep a `__Host-` cookie only when it
 * is Secure, has Path=/ and no Domain, so no sibling subdomain or plain-HTTP page can plant or shadow it.
 */
export const TLS_SESSION_COOKIE_NAME = `__Host-${SESSION_COOKIE_NAME}`;

/** Both names, for code that must keep the credential from leaving the gateway whatever the setting. */
export const SESSION_COOKIE_NAMES: readonly string[] = [SESSION_COOKIE_NAME, TLS_SESSION_COOKIE_NAME];

/** Reads, sets and clears the session cookie (parsed and written by @fastify/cookie). */
export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(request: FastifyRequest, reply: FastifyReply, token: string): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The session cookie for a site at `publicUrl`. An https public URL means TLS ends somewhere in front of us
 * (often a proxy talking plain HTTP to the gateway), so the cookie is `__Host-plt` and always Secure;
 * otherwise it is `plt`, Secure only when the request itself came over TLS (request.protocol honours
 * X-Forwarded-Proto only from a trusted proxy). HttpOnly keeps page scripts from reading it (the pages ask
 * GET /auth/session who is signed in); SameSite=Lax keeps other sites' forms from using it.
 */
export function sessionCookie(publicUrl: string): SessionCookie {
  const tls = new URL(publicUrl).protocol === 'https:';
  const name = tls ? TLS_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
  const options = (request: FastifyRequest): CookieSerializeOptions => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: tls || request.protocol === 'https',
  });
  return {
    name,
    read: (request) => request.cookies[name] || undefined,
    set: (request, reply, token) => {
      reply.setCookie(name, token, { ...options(request), maxAge: SESSION_MAX_AGE_SECONDS });
    },
    clear: (request, reply) => {
      reply.clearCookie(name, options(request));
    },
  };
}
