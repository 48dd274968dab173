import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@platform/router';
import { Provider, createPlatformStore } from '@platform/store';
import { PlatformThemeProvider, ToastProvider } from '@platform/ui';
import routes from '../routes';
import { installFakeServer, sessionAs } from '@platform/store/testing';
import type { FakeServer, testUser } from '@platform/store/testing';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderAuthOptions {
  /** Navigation state of the first entry (what navigate(path, { state }) would carry). */
  state?: unknown;
  /** Who GET /auth/session says is signed in (default: nobody). */
  user?: typeof testUser | null;
}

/**
 * Renders this remote's pages the way the shell does (one store, theme, toasts, a router; StrictMode as in
 * the shell's bootstrap) at `path`, against a fake gateway where nobody is signed in unless a test says so.
 */
export function renderAuth(path: string, options: RenderAuthOptions = {}) {
  const server: FakeServer = installFakeServer();
  sessionAs(server, options.user ?? null);
  const view = render(
    <StrictMode>
      <Provider store={createPlatformStore()}>
        <PlatformThemeProvider>
          <ToastProvider>
            <MemoryRouter
              initialEntries={[
                {
                  pathname: path.split('?')[0],
                  search: path.includes('?') ? `?${path.split('?')[1]}` : '',
                  state: options.state,
                },
              ]}
            >
              <Routes>
                {routes.routes.map(({ path: routePath, Component }) => (
                  <Route key={routePath} path={routePath} element={<Component />} />
                ))}
                <Route path="*" element={<h1>Elsewhere</h1>} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </ToastProvider>
        </PlatformThemeProvider>
      </Provider>
    </StrictMode>,
  );
  return { ...view, server };
}
