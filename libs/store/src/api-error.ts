import type { ErrorCode } from '@platform/contracts';
import { BROWSER_ERROR_MESSAGES } from '@platform/contracts/client';

/**
 * A failed call as the screens read it: the server's stable `code` (what a screen translates), its English
 * `message`, the HTTP `status` (null when no answer came back), and the `kind` a screen chooses its words
 * by. `body` keeps the rest of the error body (the /auth answers' `status` and `email`).
 */
export interface ApiError {
  code: ErrorCode | string;
  message: string;
  status: number | null;
  /** network: no answer, or the gateway says a service is down; server: another 5xx; refused: a 4xx. */
  kind: 'network' | 'server' | 'refused';
  body: Record<string, unknown>;
}

/** Statuses the gateway answers when a service cannot be reached: to the person, the server is away. */
const UNREACHABLE = new Set([502, 503, 504]);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

function fromAnswer(status: number, body: Record<string, unknown>): ApiError {
  const kind = UNREACHABLE.has(status) ? 'network' : status >= 500 ? 'server' : 'refused';
  const fallback: ErrorCode =
    kind === 'network' ? 'network.unreachable' : kind === 'server' ? 'server.internal' : 'request.refused';
  const code = text(body.code) ?? fallback;
  // Every answer of the platform carries its message; a proxy's may not, and the screens show a code's
  // words from their catalogue anyway.
  const message = text(body.message) ?? BROWSER_ERROR_MESSAGES[fallback];
  return { code, message, status, kind, body };
}

const network = (): ApiError => ({
  code: 'network.unreachable',
  message: BROWSER_ERROR_MESSAGES['network.unreachable'],
  status: null,
  kind: 'network',
  body: {},
});

/**
 * The one reader of a failed RTK Query call (FetchBaseQueryError, SerializedError, or anything thrown).
 * Every screen that shows an error goes through it, so its `code` can be looked up in the screen's words.
 */
export function readApiError(error: unknown): ApiError {
  if (!error || typeof error !== 'object') return network();
  const e = error as { status?: unknown; data?: unknown; originalStatus?: unknown; message?: unknown };
  if (typeof e.status === 'number') {
    const body = e.data && typeof e.data === 'object' ? (e.data as Record<string, unknown>) : {};
    return fromAnswer(e.status, body);
  }
  // An answer that was not JSON (a proxy's error page): only its status tells anything.
  if (e.status === 'PARSING_ERROR' && typeof e.originalStatus === 'number') {
    return fromAnswer(e.originalStatus, {});
  }
  if (e.status !== undefined) return network();
  // A SerializedError from a queryFn or a thrown exception.
  const message = text(e.message);
  return message ? { code: 'client.error', message, status: null, kind: 'server', body: {} } : network();
}
