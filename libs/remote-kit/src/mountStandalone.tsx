import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RemoteRoutes } from './defineRemoteRoutes';
import { StandaloneApp } from './StandaloneApp';

/** A remote's standalone entry (its dev server's page): renders StandaloneApp into the page's #root. */
export function mountStandalone(module: RemoteRoutes) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp module={module} />
    </StrictMode>,
  );
}
