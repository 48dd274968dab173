import type { FastifyRequest } from 'fastify';
import { isUiLocale, LOCALE_COOKIE } from '@platform/contracts';
import type { UiLocaleCode } from '@platform/contracts';

/**
 * The interface language the browser's `lang` cookie names, when it is one the platform speaks. The cookie
 * header is parsed once, by @fastify/cookie (registered at the root, so the shell's fallback page has it
 * too): a value it cannot decode stays as sent, which names no language, so it counts as no choice at all.
 */
export function localeCookie(request: FastifyRequest): UiLocaleCode | undefined {
  const value = request.cookies?.[LOCALE_COOKIE];
  return value !== undefined && isUiLocale(value) ? value : undefined;
}
