import { BrowserRouter } from '@platform/router';
import type { RemotesManifest } from '@platform/contracts';
import { Provider, type PlatformStore } from '@platform/store';
import { PlatformThemeProvider, ToastProvider } from '@platform/ui';
import { AppRoutes } from './routing/AppRoutes';

/** The page: one store, one theme, one toast system and one router around every remote. */
export function App({ store, manifest }: { store: PlatformStore; manifest: RemotesManifest }) {
  return (
    <Provider store={store}>
      <PlatformThemeProvider>
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes manifest={manifest} />
          </BrowserRouter>
        </ToastProvider>
      </PlatformThemeProvider>
    </Provider>
  );
}
