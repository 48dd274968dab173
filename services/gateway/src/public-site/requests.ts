import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authCodeFor, DEFAULT_UI_LOCALE, NEWSLETTER_CONFIRM_HOURS } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import { plainAddressProblem } from '../accounts/email-address';
import { localeCookie } from '../edge/locale-cookie';
import type { KeyedLimiter } from '../edge/rate-limits/keyed-limiter';

/** Contact and newsletter bodies are a few short fields. */
export const PUBLIC_FORM_BODY_LIMIT = 8 * 1024;
export const CONFIRM_TTL_MS = NEWSLETTER_CONFIRM_HOURS * 3600 * 1000;

/** The unsubscribe token of an address: the same in every mail, and only its digest is stored. */
export const unsubscribeToken = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe:${email}`).digest('base64url');

/** 400 unless the mail library reads the address as exactly itself (the schema checked the shared pattern). */
export function refuseUnlessPlain(email: string) {
  const problem = plainAddressProblem(email);
  if (problem) throw new HttpError(400, authCodeFor(problem), problem);
}

export async function withinLimit(
  limiter: KeyedLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
) {
  const verdict = await limiter(request, key);
  if (!verdict.allowed) {
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new HttpError(429, 'rate_limit.exceeded');
  }
}

export const localeOf = (request: FastifyRequest) => localeCookie(request) ?? DEFAULT_UI_LOCALE;
