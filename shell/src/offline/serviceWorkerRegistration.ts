// Loaded only when a page is served by a worker (or in development): kept off a first visit's first load.
import { SERVICE_WORKER_MESSAGES } from '@platform/contracts/client';

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

/** A development page is never served by a worker left from an earlier production run on the same origin. */
export async function unregisterServiceWorkers({ container }: Pick<ServiceWorkerHost, 'container'>) {
  for (const registration of await container.getRegistrations()) await registration.unregister();
}
