import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPlatformStore } from '@platform/store';
import { initialLocale, startI18n } from '@platform/i18n';
import { App } from './App';
import { exposeDebugInfo } from './debugHook';
import { loadRemotesManifest } from './federation/manifest';
import { registerRemoteEntries } from './federation/remoteLoader';
import { registerShellCatalogue } from './i18n/registerShellCatalogue';
import { startServiceWorker } from './offline/startServiceWorker';

/** Draws the shell; `remotesManifest` is the request for /remotes.json the first script already made. */
export async function start(remotesManifest?: Promise<Response>) {
  const reloadingForNewWorker = startServiceWorker();
  // The first paint is in the chosen language: its catalogue (only that one) arrives before React renders.
  registerShellCatalogue();
  const locale = initialLocale();
  const [{ manifest, source }] = await Promise.all([
    loadRemotesManifest(undefined, undefined, remotesManifest),
    startI18n(locale),
  ]);
  document.documentElement.lang = locale;
  registerRemoteEntries(manifest);
  const store = createPlatformStore();
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
