import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { FetchBaseQueryArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/**
 * The cache tags that more than one part of the page provides or invalidates, so that a change made in one
 * shows in the other. Each remote adds its own tags when it loads (withTagTypes); these stay here because
 * the parts that share them cannot import each other.
 */
export const sharedTagTypes = [
  // The session (this library): workspace's settings invalidate it when the person's name changes.
  'Session',
  // The person's account and figures: contribute's pages, datasets' text pairs, workspace's dashboard.
  'User',
  'UserStats',
  // The profile, projects and tasks: workspace's pages and the shell's sidebar, top bar and search.
  'Profile',
  'Project',
  'Task',
  // Datasets: mf-datasets' pages and the top bar's search.
  'Dataset',
  // Donated audio pairs: contribute's Donate page and datasets' View Audio Pairs.
  'AudioPair',
] as const;

export type SharedTagType = (typeof sharedTagTypes)[number];

// Every tag type the page knows by now, shared or added by a remote that has loaded.
const knownTagTypes = new Set<string>(sharedTagTypes);

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

/** The page's base query, as endpoint builders outside this file (uploadMutation) are typed by it. */
export type PlatformBaseQuery = typeof baseQuery;

/**
 * The one RTK Query API of the page. It starts with no endpoints and the shared tags only; each remote adds
 * its own tags (withTagTypes) and endpoints (`injectEndpoints`) when it loads, so the shell never has to
 * know them.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: sharedTagTypes,
  endpoints: () => ({}),
});

/**
 * A remote's own cache tags, added to the one API when its code loads: returns the API typed with them and
 * the shared ones, to inject the remote's endpoints into.
 *
 *   const contributeApi = withTagTypes(['Sentence', 'Recording']).injectEndpoints({ ... });
 */
export function withTagTypes<const T extends string>(tagTypes: readonly T[]) {
  for (const tag of tagTypes) knownTagTypes.add(tag);
  return api.enhanceEndpoints<T>({ addTagTypes: tagTypes });
}

/** Every tag type but the session's: what a change of person makes stale, whichever remote cached it. */
export const everyTagButSession = (): SharedTagType[] =>
  // Typed as the shared ones: the remotes' own are unknown here, and RTK Query matches tags by name.
  [...knownTagTypes].filter((tag) => tag !== 'Session') as SharedTagType[];
