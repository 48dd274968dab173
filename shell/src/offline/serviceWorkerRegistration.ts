import { SERVICE_WORKER_MESSAGES } from '@platform/contracts/client';

/** Where the gateway serves the worker: the site's root, so its scope is every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Set in this tab while a waiting worker is asked to take over, so a failure never loops reloads. */
const TAKEOVER_MARK = 'platform:service-worker-takeover';
const TAKEOVER_WAIT_MS = 3000;

export interface ServiceWorkerHost {
  container: Pick<
    ServiceWorkerContainer,
    'controller' | 'getRegistration' | 'getRegistrations' | 'register' | 'addEventListener'
  >;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
}

/**
 * At the start of a visit, before anything is drawn: a worker installed during an earlier visit, waiting
 * while the old one served, takes over now, and the page reloads once so every file of this visit comes from
 * the new build. Never later: a reload in the middle of a visit could cut a person's recording short.
 * Resolves true when the page is reloading.
 */
export async function takeOverWaitingWorker({
  container,
  session,
  reload,
}: ServiceWorkerHost): Promise<boolean> {
  if (!container.controller) return false;
  const waiting = (await container.getRegistration())?.waiting;
  if (!waiting) {
    session.removeItem(TAKEOVER_MARK);
    return false;
  }
  if (session.getItem(TAKEOVER_MARK)) return false;
  session.setItem(TAKEOVER_MARK, '1');
  const tookOver = new Promise<boolean>((resolve) => {
    container.addEventListener('controllerchange', () => resolve(true), { once: true });
    setTimeout(() => resolve(false), TAKEOVER_WAIT_MS);
  });
  waiting.postMessage({ type: SERVICE_WORKER_MESSAGES.skipWaiting });
  if (!(await tookOver)) return false;
  reload();
  return true;
}

/** Registers the worker once the page has loaded, so its downloads never compete with the page's own. */
export function registerServiceWorker(
  { container }: Pick<ServiceWorkerHost, 'container'>,
  win: Window = window,
) {
  const register = () => {
    container.register(SERVICE_WORKER_URL).catch((error: unknown) => {
      console.warn('The service worker could not be registered:', error);
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

/** A development page is never served by a worker left from an earlier production run on the same origin. */
export async function unregisterServiceWorkers({ container }: Pick<ServiceWorkerHost, 'container'>) {
  for (const registration of await container.getRegistrations()) await registration.unregister();
}

/**
 * The page's part of the worker: in a production build, take over a waiting worker (true: reloading) and
 * register; in a development build, remove any worker. Nothing where the browser has no service workers.
 */
export async function startServiceWorker(
  production = process.env.NODE_ENV === 'production',
): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const host: ServiceWorkerHost = {
    container: navigator.serviceWorker,
    session: window.sessionStorage,
    reload: () => window.location.reload(),
  };
  if (!production) {
    void unregisterServiceWorkers(host).catch(() => undefined);
    return false;
  }
  const reloading = await takeOverWaitingWorker(host).catch(() => false);
  if (!reloading) registerServiceWorker(host);
  return reloading;
}
