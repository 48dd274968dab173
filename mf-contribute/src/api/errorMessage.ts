import { translateError } from '@platform/i18n';
import { readApiError } from '@platform/store';

/**
 * The sentence to show for a failed call: the message for its stable code in the chosen language, else
 * the server's own (English) message; a call that got no answer reads as the network message.
 */
export function errorMessage(error: unknown): string {
  const failure = readApiError(error);
  return translateError(failure.code, failure.message);
}

/** The HTTP status of a failed call, when the server answered at all. */
export const errorStatus = (error: unknown): number | undefined => readApiError(error).status ?? undefined;
