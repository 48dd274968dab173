import type { ReactNode } from 'react';
import { useLocation } from '@platform/router';
import type { PageAccess, PageDeclaration, RemoteRouteModule } from '@platform/contracts';
import { isThrowRequested, RequestedRenderError } from './throwProbe';

/** One page a remote serves: its declaration (libs/contracts/src/pages/) and the component that draws it. */
export interface RemotePage {
  page: PageDeclaration;
  /** A page takes no props: everything it needs comes from the URL, the store or the API. */
  Component: () => ReactNode;
}

export interface RemoteRoute {
  path: string;
  /**
   * The key of the page's title in the remote's catalogue (namespace = remote name; the English catalogue
   * holds the SPEC's words); the shell also uses it for document.title.
   */
  title: string;
  /** The key of the page's meta description in the same catalogue (public pages have one). */
  description?: string;
  /** Who may see the page, as declared. */
  access: PageAccess;
  Component: () => ReactNode;
}

export interface RemoteRoutes {
  remoteName: string;
  routes: RemoteRoute[];
}

// Compile-time check that what remotes export is what the shell expects.
const _shapeCheck = (module: RemoteRoutes): RemoteRouteModule => module;
void _shapeCheck;

/**
 * What every remote's `./routes` module default-exports: each page's path, title and description come from
 * its declaration. Wrapping each page here (rather than in the shell) means a `?__throw=` failure really
 * happens inside the remote's own code.
 */
export function defineRemoteRoutes(remoteName: string, pages: RemotePage[]): RemoteRoutes {
  return {
    remoteName,
    routes: pages.map(({ page: { path, title, description, access }, Component: Page }) => {
      function RemotePageRoot() {
        const { search } = useLocation();
        if (isThrowRequested(remoteName, search)) throw new RequestedRenderError(remoteName);
        return <Page />;
      }
      RemotePageRoot.displayName = `${remoteName}(${path})`;
      return { path, title, ...(description ? { description } : {}), access, Component: RemotePageRoot };
    }),
  };
}
