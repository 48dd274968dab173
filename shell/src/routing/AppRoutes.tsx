import { useMemo } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from '@platform/router';
import { useSessionQuery } from '@platform/store';
import type { LayoutKind, RemotesManifest } from '@platform/contracts';
import { PublicLayout } from '../layouts/PublicLayout';
import { RequireSession } from '../session/RequireSession';
import { useAccountLocale } from '../i18n/useAccountLocale';
import { AppLayout, ContributorLayout, NotFoundPage } from './lazyScreens';
import { RemoteRoute } from './RemoteRoute';
import { buildRouteTable } from './routeTable';

const layouts: Record<LayoutKind, ComponentType> = {
  public: PublicLayout,
  contributor: ContributorLayout,
  app: AppLayout,
};

/** Layouts whose every page is for signed-in people. */
const guarded: Record<LayoutKind, boolean> = { public: false, contributor: true, app: true };

/** The shell's routes: each remote path inside its layout, and the not-found screen for everything else. */
export function AppRoutes({ manifest }: { manifest: RemotesManifest }) {
  const table = useMemo(() => buildRouteTable(manifest), [manifest]);
  // The session is read once when the page loads (and again after sign-in or out), whichever page it is.
  useSessionQuery();
  useAccountLocale();
  return (
    <Routes>
      {(Object.keys(layouts) as LayoutKind[]).map((kind) => {
        const Layout = layouts[kind];
        return (
          <Route
            key={kind}
            element={
              guarded[kind] ? (
                <RequireSession>
                  <Layout />
                </RequireSession>
              ) : (
                <Layout />
              )
            }
          >
            {table
              .filter((route) => route.layout === kind)
              .map(({ path, remote }) => (
                <Route
                  key={path}
                  path={path}
                  element={<RemoteRoute key={path} remote={remote} path={path} />}
                />
              ))}
          </Route>
        );
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
