import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { GuardedLayoutProps } from '../session/GuardedLayouts';
import { SectionLoading } from './SectionLoading';

// The signed-in layouts (sidebar, top bar, menus) with their session guard, and the not-found screen, are
// fetched when first shown: a visitor's first page, the public landing, does not carry them.
const LazyAppLayout = lazy(() =>
  import(/* webpackChunkName: "signed-in-layouts" */ '../session/GuardedLayouts').then((m) => ({
    default: m.GuardedAppLayout,
  })),
);
const LazyContributorLayout = lazy(() =>
  import(/* webpackChunkName: "signed-in-layouts" */ '../session/GuardedLayouts').then((m) => ({
    default: m.GuardedContributorLayout,
  })),
);
const LazyNotFoundPage = lazy(() =>
  import('../not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<SectionLoading />}>{children}</Suspense>
);

export const AppLayout: ComponentType<GuardedLayoutProps> = ({ required }) => (
  <Loading>
    <LazyAppLayout required={required} />
  </Loading>
);

export const ContributorLayout: ComponentType<GuardedLayoutProps> = ({ required }) => (
  <Loading>
    <LazyContributorLayout required={required} />
  </Loading>
);

export const NotFoundPage = ({ embedded = false }: { embedded?: boolean }) => (
  <Loading>
    <LazyNotFoundPage embedded={embedded} />
  </Loading>
);
