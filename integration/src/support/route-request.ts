// A call of a declared route through the gateway, built from its declaration alone: path parameters given or
// made from their schema, the required query, the smallest body the schema takes (a multipart route gets its
// text fields and no file), and the caller's credentials.
import { routeUrl, type RouteDeclaration } from '@platform/contracts';
import { multipart } from '@platform/service-kit/testing';
import { exampleOf } from './example-values';

/**
 * Who calls: nobody, a browser session (the `plt` cookie), a personal API token, or headers of the caller's
 * own making for the request's method and URL.
 */
export type Credentials =
  | { cookie: string }
  | { token: string }
  | { headersFor: (method: string, url: string) => Record<string, string> }
  | null;

export interface Answer {
  status: number;
  /** The error body's code and message, when the answer is a JSON error. */
  code?: string;
  message?: string;
  /** The answer's text (bytes of a file read as text). */
  text: string;
}

/** The route's path parameters: those `given`, the rest from their schema. */
export function paramsOf(route: RouteDeclaration, given: Readonly<Record<string, string>> = {}) {
  const made = route.params
    ? (exampleOf(route.params, `${route.name}.params`) as Record<string, string>)
    : {};
  return { ...made, ...given };
}

/** The route's URL: its path with `params`, and its required query with `query` over it. */
export function urlOf(
  route: RouteDeclaration,
  params: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>> = {},
) {
  const url = routeUrl(route.path, params);
  if (!route.query) return url;
  const query = { ...(exampleOf(route.query, `${route.name}.query`) as Record<string, unknown>), ...given };
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join(',') : String(value),
    ]),
  ).toString();
  return search ? `${url}?${search}` : url;
}

/** A body with its own headers, for what a declaration cannot describe (raw bytes with a Content-Range). */
export interface RawBody {
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

function bodyOf(route: RouteDeclaration, override?: unknown): Partial<RawBody> & Pick<RawBody, 'headers'> {
  if (route.multipart) {
    const fields = exampleOf(route.multipart.fields, `${route.name}.multipart`) as Record<string, unknown>;
    const { payload, headers } = multipart(
      Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    );
    return { headers, body: Uint8Array.from(payload) };
  }
  if (!route.body && override === undefined) return { headers: {} };
  const value = override ?? exampleOf(route.body!, `${route.name}.body`);
  return {
    headers: { 'content-type': 'application/json' },
    body: new TextEncoder().encode(JSON.stringify(value)),
  };
}

const credentialHeaders = (who: Credentials, method: string, url: string): Record<string, string> => {
  if (!who) return {};
  if ('headersFor' in who) return who.headersFor(method, url);
  return 'cookie' in who ? { cookie: who.cookie } : { authorization: `Bearer ${who.token}` };
};

/** Calls `route` at the gateway `base` as `who`; `body` replaces the schema's smallest body. */
export async function callRoute(
  base: string,
  route: RouteDeclaration,
  who: Credentials,
  options: {
    params?: Readonly<Record<string, string>>;
    query?: Readonly<Record<string, string>>;
    body?: unknown;
    raw?: RawBody;
  } = {},
): Promise<Answer> {
  const { headers, body } = options.raw ?? bodyOf(route, options.body);
  const url = urlOf(route, paramsOf(route, options.params), options.query);
  const res = await fetch(`${base}${url}`, {
    method: route.method,
    headers: { ...headers, ...credentialHeaders(who, route.method, url) },
    ...(body ? { body } : {}),
    redirect: 'manual',
  });
  const text = await res.text();
  const answer: Answer = { status: res.status, text };
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') answer.code = parsed.code;
    if (typeof parsed.message === 'string') answer.message = parsed.message;
  } catch {
    // Not JSON: a file, a page or nothing.
  }
  return answer;
}
