// A fake of the gateway's HTTP answers for component tests of the shell and the remotes: routes by method
// and path, records each request with its JSON or multipart body so tests can assert what the screen sent.
// A handler that throws makes fetch fail as a network failure would. Needs the jsdom environment with fetch
// from tools/jest-jsdom-env.js. Imported as @platform/store/testing, never by production code.
import { errorCodeOf } from '@platform/contracts';

export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type Handler = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  requests: SeenRequest[];
  /** Requests to one `METHOD /path`. */
  calls: (route: string) => SeenRequest[];
  on: (route: string, handler: Handler | FakeReply) => void;
}

/** Installs `fetch` for the page; unknown routes answer 404 so a forgotten route fails loudly. */
export function installFakeServer(): FakeServer {
  const handlers = new Map<string, Handler>();
  const requests: SeenRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const seen: SeenRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: Object.fromEntries(request.headers.entries()),
    };
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('application/json')) seen.json = await request.json();
    else if (type.includes('multipart/form-data')) seen.form = await request.formData();
    requests.push(seen);
    const handler = handlers.get(`${seen.method} ${seen.path}`);
    const reply = handler ? await handler(seen) : errorReply(404, `no fake for ${seen.method} ${seen.path}`);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    requests,
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    on: (route, handler) => handlers.set(route, typeof handler === 'function' ? handler : () => handler),
  };
}

/** An error answer in the platform's shape (with the ok: false that /auth answers add). */
/**
 * A refusal as the services answer it: the platform's ErrorBody, whose `code` is the catalogue's code for
 * the message (or a plain one for the status), plus the /auth answers' `ok: false`.
 */
export const errorReply = (
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): FakeReply => ({
  status,
  body: {
    error: status === 400 ? 'Bad Request' : 'Error',
    code: errorCodeOf(message) ?? (status >= 500 ? 'server.internal' : 'request.refused'),
    message,
    statusCode: status,
    ok: false,
    ...extra,
  },
});

/** What fetch does when the server cannot be reached. */
export const networkFailure: Handler = () => {
  throw new TypeError('Failed to fetch');
};

export const testUser = {
  id: '65f000000000000000000001',
  firstname: 'Adaeze',
  lastname: 'Okafor',
  email: 'adaeze@example.org',
  role: 'reviewer' as const,
};

/** GET /auth/session answering as `user`, or 401 when null. */
export function sessionAs(server: FakeServer, user: typeof testUser | null) {
  server.on('GET /auth/session', () =>
    user ? { body: { user } } : errorReply(401, 'You are not signed in.'),
  );
}
export { FakeXhr, withFakeXhr } from './fake-xhr';
