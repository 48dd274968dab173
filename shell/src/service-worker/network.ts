/**
 * How long the worker waits for the network before answering from its cache. A phone on a weak signal may
 * hold a request for a minute before failing; past this the person gets the saved copy instead, while the
 * request goes on and, for the files the worker keeps, refreshes them when it arrives.
 */
export const NETWORK_TIMEOUT_MS = 4000;

export class NetworkTimeout extends Error {
  constructor(ms: number) {
    super(`no answer from the network within ${ms} ms`);
    this.name = 'NetworkTimeout';
  }
}

/** The fetch's answer, or a NetworkTimeout after `ms`; the fetch itself is not aborted. */
export function withTimeout<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NetworkTimeout(ms)), ms);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Network first: the network's answer (any status: a 404 or 503 from the server is an answer), else
 * `fallback()`'s, else a network error as the page would have had without the worker.
 */
export async function networkFirst(
  fromNetwork: () => Promise<Response>,
  fallback: () => Promise<Response | undefined>,
  ms = NETWORK_TIMEOUT_MS,
): Promise<Response> {
  try {
    return await withTimeout(fromNetwork(), ms);
  } catch (error) {
    const saved = await fallback();
    if (saved) return saved;
    throw error;
  }
}
