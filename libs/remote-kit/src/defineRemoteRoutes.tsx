import type { ReactNode } from 'react';
import { useLocation } from '@platform/router';
import type { RemoteRouteModule } from '@platform/contracts';
import { isThrowRequested, RequestedRenderError } from './throwProbe';

export interface RemotePage {
  path: string;
  /**
   * The key of the page's title in the remote's catalogue (namespace = remote name; the English catalogue
   * holds the SPEC's words); the shell also uses it for document.title.
   */
  title: string;
  /** The key of the page's meta description in the same catalogue (public pages have one). */
  description?: string;
  /** A page takes no props: everything it needs comes from the URL, the store or the API. */
  Component: () => ReactNode;
}

export interface RemoteRoutes {
  remoteName: string;
  routes: RemotePage[];
}

// Compile-time check that what remotes export is what the shell expects.
const _shapeCheck = (module: RemoteRoutes): RemoteRouteModule => module;
void _shapeCheck;

/**
 * What every remote's `./routes` module default-exports. Wrapping each page here (rather than in the
 * shell) means a `?__throw=` failure really happens inside the remote's own code.
 */
export function defineRemoteRoutes(remoteName: string, pages: RemotePage[]): RemoteRoutes {
  return {
    remoteName,
    routes: pages.map(({ path, title, description, Component: Page }) => {
      function RemotePageRoot() {
        const { search } = useLocation();
        if (isThrowRequested(remoteName, search)) throw new RequestedRenderError(remoteName);
        return <Page />;
      }
      RemotePageRoot.displayName = `${remoteName}(${path})`;
      return { path, title, ...(description ? { description } : {}), Component: RemotePageRoot };
    }),
  };
}
