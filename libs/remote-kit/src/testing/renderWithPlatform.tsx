import { StrictMode, useEffect } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@platform/router';
import { Provider, createPlatformStore } from '@platform/store';
import type { PlatformStore } from '@platform/store';
import { installFakeServer, sessionAs } from '@platform/store/testing';
import type { FakeServer, testUser } from '@platform/store/testing';
import { PlatformThemeProvider, ToastProvider } from '@platform/ui';
import type { RemoteRoutes } from '../defineRemoteRoutes';

type UserEventOptions = NonNullable<Parameters<typeof userEvent.setup>[0]>;

export interface RenderWithPlatformOptions {
  /** The router's first entry, with its query string and hash (default `/`). */
  path?: string;
  /** Navigation state of the first entry (what `navigate(path, { state })` would carry). */
  state?: unknown;
  /** The store to render with (default: a fresh one, as each page load gets). */
  store?: PlatformStore;
  /**
   * Installs a fake gateway (see @platform/store/testing) where GET /auth/session answers as this person,
   * or as nobody signed in for `null`. Leave it out when the test installs its own fake.
   */
  signedInAs?: typeof testUser | null;
  /** StrictMode, as the shell's bootstrap renders (default true). */
  strict?: boolean;
  /** The test uses Jest's fake timers: user-event advances them. */
  fakeTimers?: boolean;
  /** More user-event options. */
  user?: UserEventOptions;
}

export type PlatformRenderResult = RenderResult & {
  store: PlatformStore;
  user: ReturnType<typeof userEvent.setup>;
  /** Where the router is now: path and query string. */
  location: () => string;
};

const isRemoteRoutes = (ui: ReactNode | RemoteRoutes): ui is RemoteRoutes =>
  typeof ui === 'object' && ui !== null && 'remoteName' in ui && 'routes' in ui;

/** A remote's pages in a `<Routes>`, as the shell mounts them; any other path shows "Elsewhere". */
function RemotePages({ module }: { module: RemoteRoutes }) {
  return (
    <Routes>
      {module.routes.map(({ path, Component }) => (
        <Route key={path} path={path} element={<Component />} />
      ))}
      <Route path="*" element={<h1>Elsewhere</h1>} />
    </Routes>
  );
}

// Hidden, so it takes no part in role queries, but readable through getByTestId('location').
function LocationProbe({ onChange }: { onChange: (location: string) => void }) {
  const { pathname, search } = useLocation();
  useEffect(() => onChange(pathname + search), [onChange, pathname, search]);
  return (
    <output data-testid="location" hidden translate="no">
      {pathname + search}
    </output>
  );
}

function splitPath(path: string) {
  const at = path.indexOf('#');
  const hash = at < 0 ? '' : path.slice(at);
  const rest = at < 0 ? path : path.slice(0, at);
  const query = rest.indexOf('?');
  return query < 0
    ? { pathname: rest, search: '', hash }
    : { pathname: rest.slice(0, query), search: rest.slice(query), hash };
}

/**
 * Renders `ui` (an element, or a remote's route module to render its pages at `path`) the way the shell
 * renders a page: one store, the platform theme, toasts and a router, in StrictMode. The one provider
 * wrapper for the tests of the shell, the remotes and the libraries.
 */
export function renderWithPlatform(
  ui: ReactElement | RemoteRoutes,
  options: RenderWithPlatformOptions & { signedInAs: typeof testUser | null },
): PlatformRenderResult & { server: FakeServer };
export function renderWithPlatform(
  ui: ReactElement | RemoteRoutes,
  options?: RenderWithPlatformOptions,
): PlatformRenderResult;
export function renderWithPlatform(
  ui: ReactElement | RemoteRoutes,
  options: RenderWithPlatformOptions = {},
): PlatformRenderResult & { server?: FakeServer } {
  const { path = '/', state, strict = true } = options;
  let server: FakeServer | undefined;
  if (options.signedInAs !== undefined) {
    server = installFakeServer();
    sessionAs(server, options.signedInAs);
  }
  const store = options.store ?? createPlatformStore();
  const user = userEvent.setup({
    ...(options.fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {}),
    ...options.user,
  });
  let current = path;
  const onLocation = (location: string) => {
    current = location;
  };
  const tree = (
    <Provider store={store}>
      <PlatformThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[{ ...splitPath(path), state }]}>
            {isRemoteRoutes(ui) ? <RemotePages module={ui} /> : ui}
            <LocationProbe onChange={onLocation} />
          </MemoryRouter>
        </ToastProvider>
      </PlatformThemeProvider>
    </Provider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, store, user, server, location: () => current };
}
