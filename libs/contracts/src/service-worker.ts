// What the site's service worker (shell/src/service-worker) and the pages say to each other.

/** The Background Sync tag a page registers when contributions wait on the device to be sent. */
export const CONTRIBUTIONS_SYNC_TAG = 'contributions';

/**
 * The messages between the worker and the pages. The worker posts `contributionsSync` to every open page when
 * the browser fires the sync above (a hint to send the queue now; pages never wait for it, since many browsers
 * have no Background Sync). A page posts `skipWaiting` to a newly installed worker to let it take over.
 */
export const SERVICE_WORKER_MESSAGES = {
  contributionsSync: 'platform:contributions-sync',
  skipWaiting: 'platform:skip-waiting',
} as const;

export type ServiceWorkerMessage = {
  type: (typeof SERVICE_WORKER_MESSAGES)[keyof typeof SERVICE_WORKER_MESSAGES];
};
