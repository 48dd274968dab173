import { translateError } from '@platform/i18n';
import type { ApiError } from '@platform/store';

/** Codes that only say "it failed": the screen's own sentence says that better. */
const GENERIC_CODES = new Set(['request.refused', 'server.internal', 'client.error']);

/**
 * The sentence to show for a failed call: the message for its stable code in the chosen language (the SPEC's
 * "the server's error, else detail"), or null when the failure carries nothing more specific than that it
 * failed, so the screen shows its own fallback.
 */
export function specificErrorMessage(failure: ApiError): string | null {
  if (GENERIC_CODES.has(failure.code)) return null;
  return translateError(failure.code, failure.message);
}
