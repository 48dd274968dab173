import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLocale, startI18n } from '@platform/i18n';
import type { RemoteRoutes } from './defineRemoteRoutes';
import { StandaloneApp } from './StandaloneApp';

/**
 * A remote's standalone entry (its dev server's page): renders StandaloneApp into the page's #root, once the
 * remote's texts (registered when its routes module loaded) are in for the visitor's language.
 */
export async function mountStandalone(module: RemoteRoutes) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const locale = initialLocale();
  await startI18n(locale, [module.remoteName]);
  document.documentElement.lang = locale;
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp module={module} />
    </StrictMode>,
  );
}
