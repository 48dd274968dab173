import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { FetchBaseQueryArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/**
 * Cache tags every remote may use. They live here, not in the remotes, because RTK Query needs the full
 * list when the API is created and remotes only inject endpoints later.
 */
export const apiTagTypes = [
  'Session',
  'User',
  'UserStats',
  'Sentence',
  'Recording',
  'TextPair',
  'AudioPair',
  'Dataset',
  'Download',
  'Release',
  'ApiToken',
  'Project',
  'Task',
  'Upload',
  'Analytics',
  'Profile',
] as const;

export type ApiTagType = (typeof apiTagTypes)[number];

/** The SPEC's "data requests retry 1 time". */
export const MAX_RETRIES = 1;

/**
 * Retry once, but only where a second attempt can help: the request never reached a server (network
 * error, timeout) or the server failed (5xx). A 4xx is the client's fault and repeating it only doubles
 * the error; mutations are never repeated so that a submission is never stored twice.
 */
export function shouldRetry(
  error: FetchBaseQueryError | undefined,
  attempt: number,
  requestType: 'query' | 'mutation',
): boolean {
  if (attempt > MAX_RETRIES || requestType !== 'query' || !error) return false;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500;
}

/** fetchBaseQuery wrapped in the platform's retry policy. Exported so tests can point it at a test origin. */
export function createRetryingBaseQuery(fetchArgs: FetchBaseQueryArgs, backoffMs = 300) {
  return retry(fetchBaseQuery(fetchArgs), {
    retryCondition: (error, _args, { attempt, baseQueryApi }) =>
      shouldRetry(error as FetchBaseQueryError, attempt, baseQueryApi.type),
    // A short pause: the user is waiting and there is only one retry.
    backoff: (_attempt, _max, signal) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, backoffMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('Aborted'));
        });
      }),
  });
}

// fetch is looked up per request (not when this module loads) so tests and polyfills can provide it later.
const baseQuery = createRetryingBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  fetchFn: (input, init) => fetch(input, init),
});

/**
 * The one RTK Query API of the page. It starts with no endpoints; each remote adds its own with
 * `api.injectEndpoints` when it loads, so the shell never has to know them.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: apiTagTypes,
  endpoints: () => ({}),
});
