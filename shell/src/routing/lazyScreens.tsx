import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { SectionLoading } from './SectionLoading';

// The signed-in layouts (sidebar, top bar, menus) and the not-found screen are fetched when first shown: a
// visitor's first page, the public landing, does not carry them.
const LazyAppLayout = lazy(() => import('../layouts/AppLayout').then((m) => ({ default: m.AppLayout })));
const LazyContributorLayout = lazy(() =>
  import('../layouts/ContributorLayout').then((m) => ({ default: m.ContributorLayout })),
);
const LazyNotFoundPage = lazy(() =>
  import('../not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<SectionLoading />}>{children}</Suspense>
);

export const AppLayout: ComponentType = () => (
  <Loading>
    <LazyAppLayout />
  </Loading>
);

export const ContributorLayout: ComponentType = () => (
  <Loading>
    <LazyContributorLayout />
  </Loading>
);

export const NotFoundPage = ({ embedded = false }: { embedded?: boolean }) => (
  <Loading>
    <LazyNotFoundPage embedded={embedded} />
  </Loading>
);
