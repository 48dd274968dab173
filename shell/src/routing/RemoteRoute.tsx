import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from '@platform/router';
import type { PageAccess, RemoteRouteModule } from '@platform/contracts';
import { useSession } from '@platform/store';
import { BRAND_NAME } from '@platform/remote-kit';
import { hasCatalogue, i18n, useLocale } from '@platform/i18n';
import { useDocumentTitle, useFocusPageHeading, useMetaDescription } from '../a11y/pageFocus';
import { loadRemoteRoutes, peekRemoteRoutes } from '../federation/remoteLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { NotFoundPage } from './lazyScreens';
import { SectionLoading } from './SectionLoading';

type LoadState =
  { status: 'loading' } | { status: 'ready'; module: RemoteRouteModule } | { status: 'unavailable' };

function initialState(remote: string): LoadState {
  const module = peekRemoteRoutes(remote);
  return module ? { status: 'ready', module } : { status: 'loading' };
}

/** A page declared for some roles only: anyone signed in without one of them is told it is not found. */
function refusedBy(access: PageAccess | undefined, role: string | undefined): boolean {
  return (
    typeof access === 'object' && role !== undefined && !access.roles.some((allowed) => allowed === role)
  );
}

/** One path served by one remote: loads the remote (once), then renders its page for this path. */
export function RemoteRoute({ remote, path }: { remote: string; path: string }) {
  const { pathname } = useLocation();
  const session = useSession();
  const [state, setState] = useState<LoadState>(() => initialState(remote));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadRemoteRoutes(remote)
      .then(async (module) => {
        // A remote registers its catalogue when its code loads; its pages show once their texts are in.
        if (hasCatalogue(remote)) await i18n.loadNamespaces(remote);
        return module;
      })
      .then(
        (module) => current && setState({ status: 'ready', module }),
        () => current && setState({ status: 'unavailable' }),
      );
    return () => {
      current = false;
    };
  }, [remote, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const route = state.status === 'ready' ? state.module.routes.find((r) => r.path === path) : undefined;

  // A route's title is a key of the remote's catalogue (an older remote's plain title shows as it is). Read
  // without useT(remote): asking for the namespace before the remote has registered it would fail its load.
  useLocale();
  useDocumentTitle(route ? i18n.t(route.title, { ns: remote }) : undefined, BRAND_NAME);
  useMetaDescription(route?.description ? i18n.t(route.description, { ns: remote }) : undefined);
  useFocusPageHeading(state.status === 'ready');

  if (state.status === 'loading') return <SectionLoading />;
  if (state.status === 'unavailable') return <RemoteUnavailable remote={remote} onRetry={retry} />;
  // The catalogue routes this path here but this build of the remote does not serve it.
  if (!route || refusedBy(route.access, session.user?.role)) return <NotFoundPage embedded />;
  const Page = route.Component as () => ReactNode;
  return (
    <div data-remote={remote} style={{ display: 'contents' }}>
      {/* A new path starts afresh; a new query string is the same page with other filters, so the page keeps
          its own state (what is typed in a search box) and the boundary stays as it is. */}
      <RemoteErrorBoundary key={pathname} remote={remote} onRetry={retry}>
        <Page />
      </RemoteErrorBoundary>
    </div>
  );
}
