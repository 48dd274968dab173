import type { FastifyReply } from 'fastify';
import { errorBody } from '@platform/service-kit';
import type { ServiceName } from './routing-table';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
]);

interface ErrorLike {
  code?: string;
  statusCode?: number;
  cause?: unknown;
}

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current = error as ErrorLike | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string') codes.push(current.code);
    current = current.cause as ErrorLike | undefined;
  }
  return codes;
}

/**
 * What the client hears when a service cannot be reached: 503 when it is down or the connection broke,
 * 504 when it did not answer in time. Never a hang, never a 500.
 */
export function classifyUpstreamError(error: unknown): 503 | 504 {
  const codes = codesOf(error);
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return 504;
  if (codes.some((c) => UNAVAILABLE_CODES.has(c))) return 503;
  return (error as ErrorLike).statusCode === 504 ? 504 : 503;
}

export const unavailableMessage = (service: ServiceName) =>
  `The ${service} service is unavailable. Please try again later.`;
export const timeoutMessage = (service: ServiceName) =>
  `The ${service} service did not answer in time. Please try again later.`;

export function replyUpstreamError(reply: FastifyReply, service: ServiceName, error: unknown) {
  const status = classifyUpstreamError(error);
  reply.request.log.warn({ err: error, service, status }, 'upstream service failed');
  if (reply.sent) return;
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(
      status === 504
        ? errorBody(504, 'service.timeout', timeoutMessage(service))
        : errorBody(503, 'service.unavailable', unavailableMessage(service)),
    );
}
