import type { FetchBaseQueryError, SerializedError } from '@platform/store';
import { translate } from '@platform/i18n';
import { CONTRIBUTE_NAMESPACE } from '../i18n';

const networkMessage = () => translate(CONTRIBUTE_NAMESPACE, 'common.networkError');

/**
 * The sentence to show for a failed call: the server's own `message` (every service answers
 * `{ error, message, statusCode }`), else the HTTP reason, else a network explanation (in the chosen
 * language; the server's own words arrive in English).
 */
export function errorMessage(error: FetchBaseQueryError | SerializedError | undefined | unknown): string {
  if (!error || typeof error !== 'object') return networkMessage();
  if ('status' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data) {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
    if (typeof error.status === 'number') {
      const reason =
        data && typeof data === 'object' && 'error' in data ? (data as { error?: unknown }).error : null;
      return typeof reason === 'string' && reason
        ? `${reason} (${error.status})`
        : translate(CONTRIBUTE_NAMESPACE, 'common.httpError', { status: error.status });
    }
    return networkMessage();
  }
  if ('message' in error && typeof (error as SerializedError).message === 'string') {
    return (error as SerializedError).message!;
  }
  return networkMessage();
}

/** The HTTP status of a failed call, when the server answered at all. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}
