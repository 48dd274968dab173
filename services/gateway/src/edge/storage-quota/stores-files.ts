import { ROUTES, type RouteDeclaration } from '@platform/contracts';

interface Matcher {
  method: string;
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** A declared path as a pattern over request paths: each `:param` one segment. */
export const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
      .join('/')}$`,
    'u',
  );

/**
 * Whether a request stores the caller's files, from the declarations marked `storesFiles`. A path is compared
 * without its trailing slashes: a service may serve the same upload there too (Donate's client sends
 * `/api/audio/upload/`), and a slash must not be a way around the quota.
 */
export function storesFilesMatcher(routes: readonly RouteDeclaration[] = ROUTES) {
  const matchers: Matcher[] = routes
    .filter((route) => route.storesFiles)
    .map((route) => ({ method: route.method, pattern: patternOf(route.path) }));
  return (method: string, path: string) => {
    const trimmed = path.replace(/\/+$/u, '') || '/';
    return matchers.some((m) => m.method === method.toUpperCase() && m.pattern.test(trimmed));
  };
}
