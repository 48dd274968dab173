import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ErrorBody, SignupBody } from '@platform/contracts';
import { createService } from './create-service';
import { HttpError } from './http-errors';
import type { ServiceApp } from './service-app';

async function buildTestService(): Promise<ServiceApp> {
  return createService({
    name: 'kit-test',
    logger: false,
    bodyLimit: 1024,
    routes: async (app) => {
      const typed = app as ServiceApp;
      typed.post(
        '/signup',
        { schema: { body: SignupBody, response: { 200: Type.Object({ hello: Type.String() }) } } },
        async (request) => ({ hello: request.body.firstname }),
      );
      typed.get(
        '/items/:n',
        {
          schema: {
            params: Type.Object({ n: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
          },
        },
        async (request) => ({ n: request.params.n }),
      );
      typed.get('/search', async (request) => ({ q: (request.query as { q?: string }).q ?? '' }));
      typed.get('/boom', async () => {
        throw new Error('secret internals: connection string mongodb://user:pw@host');
      });
      typed.get('/unavailable', async () => {
        throw new HttpError(503, 'service.unavailable', 'The thing is down for maintenance.');
      });
      typed.get('/busy', async () => {
        throw Object.assign(new Error('Too busy right now.'), {
          statusCode: 503,
          code: 'server.busy',
          expose: true,
          retryAfterSeconds: 5,
        });
      });
    },
  });
}

const good = { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.org', password: 'Secret123' };

describe('createService: client mistakes are 4xx ErrorBody, never 500', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    app = await buildTestService();
  });
  afterAll(() => app.close());

  const expectError = (res: { statusCode: number; json(): unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(Value.Check(ErrorBody, body)).toBe(true);
    return body as ErrorBody;
  };

  it('accepts a valid body and types it', async () => {
    const res = await app.inject({ method: 'POST', url: '/signup', payload: good });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hello: 'Ada' });
  });

  it('refuses an unknown field instead of dropping it', async () => {
    const res = await app.inject({ method: 'POST', url: '/signup', payload: { ...good, admin: true } });
    expect(expectError(res, 400)).toMatchObject({
      code: 'validation.failed',
      message: "body has an unknown field 'admin'",
    });
  });

  it('names a missing field', async () => {
    const { password: _omit, ...rest } = good;
    const res = await app.inject({ method: 'POST', url: '/signup', payload: rest });
    expect(expectError(res, 400).message).toBe("body is missing the required field 'password'");
  });

  it('says a pattern mismatch in words, not as a regular expression', async () => {
    const res = await app.inject({ method: 'POST', url: '/signup', payload: { ...good, email: 'nope' } });
    expect(expectError(res, 400).message).toBe('body.email is not in the expected format');
  });

  it('gives 400 for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstname":',
    });
    expect(expectError(res, 400).code).toBe('request.malformed');
  });

  it('gives 413 for a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/signup',
      payload: { ...good, firstname: 'x'.repeat(5000) },
    });
    expect(expectError(res, 413).code).toBe('request.too_large');
  });

  it('gives 415 for a media type it does not take', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(expectError(res, 415).code).toBe('request.unsupported_media_type');
  });

  it('checks params', async () => {
    expectError(await app.inject({ url: '/items/0' }), 400);
    expect((await app.inject({ url: '/items/3' })).json()).toEqual({ n: 3 });
  });

  it('answers a malformed URL with a 400 ErrorBody', async () => {
    expectError(await app.inject({ url: '/items/%E0%A4%A' }), 400);
  });

  it('refuses a query value holding a NUL before any handler builds a search from it', async () => {
    for (const url of ['/search?q=x%00y', '/search?a=1&q=%00']) {
      expect(expectError(await app.inject({ method: 'GET', url }), 400).code).toBe('request.malformed');
    }
    // An encoded percent sign followed by zeros is text, not a NUL.
    const text = await app.inject({ method: 'GET', url: '/search?q=50%2500' });
    expect(text.json()).toEqual({ q: '50%00' });
  });

  it('answers unknown routes with a 404 ErrorBody', async () => {
    expect(expectError(await app.inject({ url: '/nope' }), 404).code).toBe('route.not_found');
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const body = expectError(await app.inject({ url: '/boom' }), 500);
    expect(body.message).not.toContain('mongodb://');
    expect(body.code).toBe('server.internal');
  });

  it('passes on a deliberate 5xx message', async () => {
    expect(expectError(await app.inject({ url: '/unavailable' }), 503)).toMatchObject({
      code: 'service.unavailable',
      message: 'The thing is down for maintenance.',
    });
  });

  it('says when to come back for an error that knows (Retry-After), and nothing for one that does not', async () => {
    const busy = await app.inject({ url: '/busy' });
    expect(expectError(busy, 503)).toMatchObject({ code: 'server.busy', message: 'Too busy right now.' });
    expect(busy.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/unavailable' })).headers['retry-after']).toBeUndefined();
  });
});

describe('createService: request ids, health and OpenAPI', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    app = await buildTestService();
  });
  afterAll(() => app.close());

  it('honours an incoming x-request-id and echoes it', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('makes up a request id when none (or a bad one) comes in', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /healthz and, without a database, /readyz', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', service: 'kit-test' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', service: 'kit-test', checks: {} });
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const signup = doc.paths['/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['firstname', 'lastname', 'email', 'password']),
    );
    expect(doc.paths['/readyz']).toBeDefined();
  });
});
