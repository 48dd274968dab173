import { translateError } from '@platform/i18n';
import { readApiError } from '@platform/store';

/** Codes that only say "it failed": the screen's own sentence says that better. */
const GENERIC_CODES = new Set(['request.refused', 'server.internal', 'client.error', 'network.unreachable']);

/** A failed call's message for its stable code in the chosen language, else the screen's own `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  const failure = readApiError(error);
  return GENERIC_CODES.has(failure.code) ? fallback : translateError(failure.code, failure.message);
}

/** The stable code of a failed call (to put a message beside the field it is about). */
export const failureCode = (error: unknown) => readApiError(error).code;
