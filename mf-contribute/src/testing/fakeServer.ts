// A fake of the speech service's HTTP answers for component tests: routes by method and path, records
// every request (with its JSON or multipart body) so tests can assert what the screen sent.

export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
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
    const seen: SeenRequest = { method: request.method, path: url.pathname, search: url.searchParams };
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('application/json')) seen.json = await request.json();
    else if (type.includes('multipart/form-data')) seen.form = await request.formData();
    requests.push(seen);
    const handler = handlers.get(`${seen.method} ${seen.path}`);
    const reply = handler
      ? await handler(seen)
      : {
          status: 404,
          body: { error: 'Not Found', message: `no fake for ${seen.method} ${seen.path}`, statusCode: 404 },
        };
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

export const errorReply = (status: number, message: string): FakeReply => ({
  status,
  body: { error: status === 400 ? 'Bad Request' : 'Error', message, statusCode: status },
});
