import { useMemo } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from '@platform/router';
import { useSessionQuery } from '@platform/store';
import type { LayoutKind, RemotesManifest } from '@platform/contracts';
import { PublicLayout } from '../layouts/PublicLayout';
import { useAccountLocale } from '../i18n/useAccountLocale';
import { AppLayout, ContributorLayout, NotFoundPage } from './lazyScreens';
import { RemoteRoute } from './RemoteRoute';
import { buildRouteTable } from './routeTable';

/** Each layout; the signed-in ones come with their session guard (`required`: for signed-in people only). */
const layouts: Record<LayoutKind, ComponentType<{ required: boolean }>> = {
  public: PublicLayout,
  contributor: ContributorLayout,
  app: AppLayout,
};

/** Layouts whose pages are for signed-in people, unless a page is flagged `signedOut: 'allowed'`. */
const guarded: Record<LayoutKind, boolean> = { public: false, contributor: true, app: true };

/**
 * The shell's routes: each remote path inside its layout, and the not-found screen for everything else.
 * A guarded layout's routes come in two groups, the guarded pages and those open to everyone; both render
 * the layout under the session guard (open: `required={false}`), so moving from one group to the other
 * keeps the layout mounted.
 */
export function AppRoutes({ manifest }: { manifest: RemotesManifest }) {
  const table = useMemo(() => buildRouteTable(manifest), [manifest]);
  // The session is read once when the page loads (and again after sign-in or out), whichever page it is.
  useSessionQuery();
  useAccountLocale();
  const groups = (Object.keys(layouts) as LayoutKind[]).flatMap((kind) => {
    const routes = table.filter((route) => route.layout === kind);
    if (!guarded[kind]) return [{ kind, key: kind, required: false, routes }];
    return [
      { kind, key: kind, required: true, routes: routes.filter((route) => !route.signedOutAllowed) },
      {
        kind,
        key: `${kind}-open`,
        required: false,
        routes: routes.filter((route) => route.signedOutAllowed),
      },
    ];
  });
  return (
    <Routes>
      {groups
        .filter(({ routes }) => routes.length > 0)
        .map(({ kind, key, required, routes }) => {
          const Layout = layouts[kind];
          return (
            <Route key={key} element={<Layout required={required} />}>
              {routes.map(({ path, remote }) => (
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
