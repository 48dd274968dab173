import type { FastifyServerOptions } from 'fastify';

/** Structured JSON logs (pino) at LOG_LEVEL (default info); secrets and cookies never reach them. */
export function loggerOptions(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL ?? 'info',
    base: { service: name },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-platform-identity-sig"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}
