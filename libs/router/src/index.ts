// The platform's one router. The shell and every remote route through this module, which the page holds
// once as a Module Federation singleton, so they all share one router context.
//
// Why not share react-router itself: a shared package is built whole, because the host cannot know which of
// its exports a remote deployed later will use. react-router is about 60 KB of gzip JavaScript that way
// (server rendering, data routers, cookies and sessions included). Sharing this module instead lets webpack
// keep only what is re-exported here, about 15 KB. A page that needs another part of react-router adds it
// here; remotes never import react-router directly (ESLint enforces it).
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Outlet,
  Navigate,
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router';
export type {
  Location,
  NavigateFunction,
  NavigateOptions,
  To,
  Params,
  PathMatch,
  LinkProps,
  NavLinkProps,
  RouteProps,
  URLSearchParamsInit,
  SetURLSearchParams,
} from 'react-router';
