// The page's part of the service worker, in the page's first load: only what a first visit runs. The rest
// (taking over from an older worker, removing one in development) is fetched when it is needed.
import type { ServiceWorkerHost } from './serviceWorkerRegistration';

/** Where the gateway serves the worker: the site's root, so its scope is every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/** How long no download may have finished before the page's own are taken as done. */
const QUIET_MS = 1500;
/** The longest the worker waits for that quiet (a page that keeps fetching is never quiet). */
const QUIET_WAIT_MAX_MS = 15_000;

/**
 * Calls `then` once no download of the page has finished for `quietMs`, or `maxMs` from now at the latest.
 * After its load event a page still fetches its section's code and first data: on a slow link the worker's
 * precache (a megabyte or more) would hold those up by seconds.
 */
export function afterNetworkQuiet(
  win: Window,
  then: () => void,
  quietMs = QUIET_MS,
  maxMs = QUIET_WAIT_MAX_MS,
) {
  const Observer = (win as Window & typeof globalThis).PerformanceObserver;
  if (typeof Observer !== 'function') {
    then();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(cap);
    then();
  };
  const observer = new Observer(() => {
    clearTimeout(quiet);
    quiet = setTimeout(finish, quietMs);
  });
  observer.observe({ type: 'resource' });
  let quiet = setTimeout(finish, quietMs);
  const cap = setTimeout(finish, maxMs);
}

/**
 * Registers the worker once the page has loaded and its downloads have gone quiet, so the worker's never
 * compete with the page's own.
 */
export function registerServiceWorker(
  { container }: Pick<ServiceWorkerHost, 'container'>,
  win: Window = window,
) {
  const register = () =>
    afterNetworkQuiet(win, () => {
      // Without a worker the site works as before, only not offline: worth a line in the console, no more.
      container.register(SERVICE_WORKER_URL).catch((error: unknown) => console.warn(error));
    });
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

/**
 * In a production build: a page served by a worker first lets a newer waiting one take over (resolves true:
 * the page is reloading), then every page registers the worker. In a development build: any worker is
 * removed. Nothing where the browser has no service workers.
 */
export async function startServiceWorker(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const host: ServiceWorkerHost = {
    container: navigator.serviceWorker,
    session: window.sessionStorage,
    reload: () => window.location.reload(),
  };
  if (process.env.NODE_ENV !== 'production') {
    void import('./serviceWorkerRegistration')
      .then(({ unregisterServiceWorkers }) => unregisterServiceWorkers(host))
      .catch(() => undefined);
    return false;
  }
  const reloading = host.container.controller
    ? await import('./serviceWorkerRegistration')
        .then(({ takeOverWaitingWorker }) => takeOverWaitingWorker(host))
        .catch(() => false)
    : false;
  if (!reloading) registerServiceWorker(host);
  return reloading;
}
