import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@platform/router';
import type { RemotesManifest } from '@platform/contracts';
import { Provider, createPlatformStore } from '@platform/store';
import { defineRemoteRoutes } from '@platform/remote-kit';
import { PlatformThemeProvider, ToastProvider } from '@platform/ui';
import { AppRoutes } from '../src/routing/AppRoutes';
import { installFakeServer, sessionAs, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';

/** A manifest of two small remotes, one path per layout plus a second app path from another remote. */
export const testManifest: RemotesManifest = {
  remotes: [
    {
      name: 'mf_alpha',
      entry: 'http://localhost:3101/mf-manifest.json',
      routes: [
        { path: '/', layout: 'public' },
        { path: '/user/speak', layout: 'contributor' },
        { path: '/dashboard', layout: 'app' },
      ],
    },
    {
      name: 'mf_beta',
      entry: 'http://localhost:3102/mf-manifest.json',
      routes: [{ path: '/data/downloads', layout: 'app' }],
    },
  ],
};

export const alphaRoutes = defineRemoteRoutes('mf_alpha', [
  { path: '/', title: 'Home', Component: () => <h1>Alpha home</h1> },
  { path: '/user/speak', title: 'Speak', Component: () => <h1>Speak</h1> },
  { path: '/dashboard', title: 'Dashboard', Component: () => <h1>Dashboard</h1> },
]);

export const betaRoutes = defineRemoteRoutes('mf_beta', [
  { path: '/data/downloads', title: 'Dataset Downloads', Component: () => <h1>Dataset Downloads</h1> },
]);

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderShellOptions {
  /** Who GET /auth/session says is signed in (default: the test user); null for nobody. */
  user?: typeof testUser | null;
  /** A fake gateway already set up by the test (then `user` is not applied). */
  server?: FakeServer;
}

export function renderShell(
  path: string,
  manifest: RemotesManifest = testManifest,
  options: RenderShellOptions = {},
) {
  const server = options.server ?? installFakeServer();
  if (!options.server) {
    sessionAs(server, options.user === undefined ? testUser : options.user);
    server.on('POST /auth/signout', { body: { ok: true } });
  }
  const view = render(
    <Provider store={createPlatformStore()}>
      <PlatformThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes manifest={manifest} />
            <LocationProbe />
          </MemoryRouter>
        </ToastProvider>
      </PlatformThemeProvider>
    </Provider>,
  );
  return { ...view, server };
}
