import type { FetchBaseQueryError, SerializedError } from '@platform/store';

const NETWORK_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/**
 * The sentence to show for a failed call: the server's own `message` (every service answers
 * `{ error, message, statusCode }`), else the HTTP reason, else a network explanation.
 */
export function errorMessage(error: FetchBaseQueryError | SerializedError | undefined | unknown): string {
  if (!error || typeof error !== 'object') return NETWORK_MESSAGE;
  if ('status' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data) {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
    if (typeof error.status === 'number') {
      const reason =
        data && typeof data === 'object' && 'error' in data ? (data as { error?: unknown }).error : null;
      return typeof reason === 'string' && reason ? `${reason} (${error.status})` : `HTTP ${error.status}`;
    }
    return NETWORK_MESSAGE;
  }
  if ('message' in error && typeof (error as SerializedError).message === 'string') {
    return (error as SerializedError).message!;
  }
  return NETWORK_MESSAGE;
}

/** The HTTP status of a failed call, when the server answered at all. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}
