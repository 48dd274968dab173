// The site's service worker, built by Workbox's InjectManifest (shell/webpack.config.js) into dist/sw.js and
// served by the gateway at the site's root. Workbox keeps the shell's own files (the list the build injects
// below); everything else, the remotes' builds above all, is this folder's own code (worker.ts).
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precache } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { createWorker } from './worker';
import type { ServiceWorkerScopeLike } from './worker-types';

const scope = self as unknown as ServiceWorkerScopeLike;

precache((self as unknown as { __WB_MANIFEST: Array<PrecacheEntry | string> }).__WB_MANIFEST);
cleanupOutdatedCaches();

const worker = createWorker({
  scope,
  precache: {
    has: (url) => getCacheKeyForURL(url) !== undefined,
    match: (url) => matchPrecache(url),
    pageUrl: new URL('index.html', scope.location.origin).href,
  },
});

scope.addEventListener('install', worker.onInstall);
scope.addEventListener('fetch', worker.onFetch);
scope.addEventListener('sync', worker.onSync);
scope.addEventListener('message', worker.onMessage);
