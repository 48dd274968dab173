/**
 * The catalogue of runtime remotes: which federated container serves which paths, and in which of the
 * shell's layouts each path renders. Each remote's routes are its pages' declarations (pages/). The gateway
 * builds /remotes.json from it (overriding entry URLs from the environment) and the shell falls back to it,
 * so the two never disagree about ownership.
 */
import type { LayoutKind, PageAccess, PageDeclaration, RemoteKey } from './page';
import { PAGES } from './pages';

export interface RemoteRouteDescriptor {
  path: string;
  layout: LayoutKind;
  /**
   * The pages of the `app` and `contributor` layouts are for signed-in people: a signed-out visitor is sent
   * to /signin. `'allowed'` marks a page that is for everyone (public documentation shown in the signed-in
   * area's layout): it renders signed out too, and the layout's chrome adapts (no person, search or profile
   * menu, a Sign in link instead; nothing calls a signed-in endpoint). Meaningless on `public` pages, which
   * are open already. Absent means the layout's default. Only the app layout's chrome adapts so far: the
   * contributor layout's header would still offer its account menu to a visitor.
   */
  signedOut?: 'allowed';
}

export interface RemoteDescriptor {
  /** Federation container name (a valid JS identifier). */
  name: string;
  /** Short key used in environment variable names: REMOTE_<KEY>_URL. */
  key: RemoteKey;
  /** Default URL of the remote's mf-manifest.json on one machine. */
  defaultEntry: string;
  defaultPort: number;
  routes: RemoteRouteDescriptor[];
  /**
   * Its catalogue is registered with `pluralMessages` (plural and select messages need the full ICU
   * formatter): the gateway hints the formatter's script with its pages.
   */
  pluralMessages?: true;
}

const at = (port: number) => `http://localhost:${port}/mf-manifest.json`;

/**
 * What /remotes.json says of a page (operators edit that file, so its shape stays): path, layout, and
 * `signedOut: 'allowed'` for a page of a signed-in layout that is open to everyone.
 */
export function routeDescriptor(page: PageDeclaration): RemoteRouteDescriptor {
  const open = page.layout !== 'public' && page.access === 'public';
  return { path: page.path, layout: page.layout, ...(open ? { signedOut: 'allowed' as const } : {}) };
}

const routesOf = (key: RemoteKey) => PAGES.filter((page) => page.remote === key).map(routeDescriptor);

export const remoteCatalog: readonly RemoteDescriptor[] = [
  {
    name: 'mf_marketing',
    key: 'marketing',
    defaultPort: 3001,
    defaultEntry: at(3001),
    routes: routesOf('marketing'),
  },
  {
    name: 'mf_auth',
    key: 'auth',
    defaultPort: 3002,
    defaultEntry: at(3002),
    routes: routesOf('auth'),
  },
  {
    name: 'mf_contribute',
    key: 'contribute',
    defaultPort: 3003,
    defaultEntry: at(3003),
    routes: routesOf('contribute'),
    pluralMessages: true,
  },
  {
    name: 'mf_datasets',
    key: 'datasets',
    defaultPort: 3004,
    defaultEntry: at(3004),
    routes: routesOf('datasets'),
  },
  {
    name: 'mf_workspace',
    key: 'workspace',
    defaultPort: 3005,
    defaultEntry: at(3005),
    routes: routesOf('workspace'),
  },
];

/** What the gateway serves at /remotes.json and the shell reads at start. */
export interface RemotesManifest {
  remotes: Array<{ name: string; entry: string; routes: RemoteRouteDescriptor[] }>;
}

/**
 * Every remote exposes './routes' with a default export of this shape; the element for a path renders
 * inside the shell's router and layout.
 */
export interface RemoteRouteModule {
  /**
   * `title`: the key of the page's title in the remote's catalogue (a plain title shows as it is);
   * `description`, when given, the key of its meta description (search results and link previews);
   * `access`, who may see it (the shell tells a signed-in person without one of its roles it is not found).
   */
  routes: Array<{
    path: string;
    title: string;
    description?: string;
    access?: PageAccess;
    Component: () => unknown;
  }>;
}
