import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPlatformStore } from '@platform/store';
import { App } from './App';
import { exposeDebugInfo } from './debugHook';
import { loadRemotesManifest } from './federation/manifest';
import { registerRemoteEntries } from './federation/remoteLoader';

async function start() {
  const { manifest, source } = await loadRemotesManifest();
  registerRemoteEntries(manifest);
  const store = createPlatformStore();
  exposeDebugInfo(store, source);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App store={store} manifest={manifest} />
    </StrictMode>,
  );
}

void start();
