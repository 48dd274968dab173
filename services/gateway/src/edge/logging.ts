import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { loggerOptions } from '@platform/service-kit';

const SECRET_FIELDS = ['password', 'passwordHash', 'currentPassword', 'newPassword', 'confirmPassword'];

/**
 * The kit's logger (cookies and identity signatures already redacted) plus the account secrets, wherever
 * they might appear in a logged object: top level, one level down, or in a logged request body.
 */
export function gatewayLoggerOptions(env: NodeJS.ProcessEnv = process.env): FastifyServerOptions['logger'] {
  const base = loggerOptions('gateway', env) as { redact: { paths: string[]; censor: string } };
  const paths = SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `req.body.${f}`]);
  return {
    ...base,
    redact: { ...base.redact, paths: [...base.redact.paths, ...paths] },
    serializers: { req: requestForLog },
  };
}

/** Fastify's own request summary, with the verification link's token (/auth/verify?token=...) left out. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const withoutTokens = (url: string) => url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
