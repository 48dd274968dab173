import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { RouteBody, RouteDeclaration, RouteParams, RouteQuery } from '@platform/contracts';
import { routeUrl } from '@platform/contracts/client';

type Part<D, Key extends string, Value> =
  D extends Record<Key, object>
    ? Record<string, never> extends Value
      ? { [K in Key]?: Value }
      : { [K in Key]: Value }
    : { [K in Key]?: never };

/**
 * What a call of a declared route needs, typed from its declaration: path `params`, the `query`, and the
 * `body` (a FormData for multipart routes).
 */
export type RouteArgs<D extends RouteDeclaration> = Part<D, 'params', RouteParams<D>> &
  Part<D, 'query', RouteQuery<D>> &
  (D extends { multipart: object }
    ? { body: FormData }
    : D extends { body: object }
      ? { body: RouteBody<D> }
      : { body?: never });

/**
 * The RTK Query request for a declared route: its URL with the params substituted, its method, and the
 * query and body. Endpoints build their `query` with it, so a path or a method cannot drift from the
 * service that serves it.
 */
export function routeRequest<D extends RouteDeclaration>(route: D, args: RouteArgs<D>): FetchArgs {
  const { params, query, body } = args as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return {
    // The base URL is the site's root: the route's path without its leading slash joins it.
    url: routeUrl(route.path, params).slice(1),
    method: route.method,
    ...(query ? { params: query } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}
