import type { FastifyRequest } from 'fastify';
import { isUiLocale, LOCALE_COOKIE } from '@platform/contracts';
import type { UiLocaleCode } from '@platform/contracts';

/** The interface language the browser's `lang` cookie names, when it is one the platform speaks. */
export function localeCookie(request: FastifyRequest): UiLocaleCode | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === LOCALE_COOKIE) {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return isUiLocale(value) ? value : undefined;
    }
  }
  return undefined;
}
