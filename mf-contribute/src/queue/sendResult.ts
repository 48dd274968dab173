import type { ApiError } from '@platform/store';
import type { Refusal } from './types';

/** What one try of one item came to. */
export type SendResult =
  | { kind: 'sent'; answer: unknown }
  /** The server refused the content: trying again would be refused again. */
  | { kind: 'refused'; refusal: Refusal }
  /** The session ended or does not allow it: wait for the person to sign in again. */
  | { kind: 'signedOut'; refusal: Refusal }
  /** No usable answer (no connection, a 5xx, 408, 429, the same key still in progress): try again later. */
  | { kind: 'retry'; refusal: Refusal };

/** Try again for these: the request may well pass later, unchanged. */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

// A 403 with one of these codes is about who is calling (identity, role, origin), not about the content.
const SESSION_CODE = /^(identity|access|origin|auth)\./;

/**
 * Sorts a failed try. A 409 is a retry only when the server says the first try with the same key is still
 * being answered (`idempotency.in_progress`); any other conflict (already voted, already donated) would be
 * refused for ever, so the item is marked failed and the person decides.
 */
export function classifyFailure(error: ApiError): SendResult {
  const refusal: Refusal = {
    code: error.code,
    message: error.message,
    status: error.status,
    body: error.body,
  };
  const { status } = error;
  if (status === null || status >= 500 || TRANSIENT_STATUSES.has(status)) return { kind: 'retry', refusal };
  if (status === 409 && error.code === 'idempotency.in_progress') return { kind: 'retry', refusal };
  if (status === 401) return { kind: 'signedOut', refusal };
  if (status === 403 && SESSION_CODE.test(error.code)) return { kind: 'signedOut', refusal };
  return { kind: 'refused', refusal };
}
