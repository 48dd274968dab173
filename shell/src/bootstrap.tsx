import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authApi, createPlatformStore } from '@platform/store';
import { initialLocale, startI18n } from '@platform/i18n';
import { App } from './App';
import { exposeDebugInfo } from './debugHook';
import { loadRemotesManifest } from './federation/manifest';
import { prefetchRemoteOf } from './federation/prefetchRemote';
import { registerRemoteEntries } from './federation/remoteLoader';
import { registerShellCatalogue } from './i18n/registerShellCatalogue';
import { startServiceWorker } from './offline/startServiceWorker';
import { lastSession } from './session/lastSession';

/** Draws the shell; `remotesManifest` is the request for /remotes.json the first script already made. */
export async function start(remotesManifest?: Promise<Response>) {
  const reloadingForNewWorker = startServiceWorker();
  // The first paint is in the chosen language: its catalogue (only that one) arrives before React renders.
  registerShellCatalogue();
  const locale = initialLocale();
  const store = createPlatformStore();
  // Asked at once rather than when the first guard renders: on a slow link the session, the remotes'
  // locations and the page's remote (below) then arrive together instead of one after another.
  const session = store.dispatch(authApi.endpoints.session.initiate(undefined, { subscribe: false }));
  const [{ manifest, source }] = await Promise.all([loadRemotesManifest(remotesManifest), startI18n(locale)]);
  document.documentElement.lang = locale;
  registerRemoteEntries(manifest);
  const { pathname } = window.location;
  prefetchRemoteOf(manifest, pathname, lastSession() !== null);
  // On a device nobody has signed in on yet, the page's remote follows the session's answer at once rather
  // than after the layout has drawn.
  void session.then(({ data }) => data && prefetchRemoteOf(manifest, pathname, true));
  exposeDebugInfo(store, source);
  // A newer build's worker takes over before anything is drawn (the page then reloads once).
  if (await reloadingForNewWorker) return;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App store={store} manifest={manifest} />
    </StrictMode>,
  );
}
