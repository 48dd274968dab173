import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { defineRoute, ErrorBody, SERVICE_IDENTITIES, StrictObject, type Identity } from '@platform/contracts';
import { createService } from './create-service';
import { HttpError } from './http-errors';
import { signIdentity } from './identity';
import { serveRoute } from './serve-route';
import type { ServiceApp } from './service-app';

const SECRET = 'c'.repeat(64);
const contributor: Identity = { id: 'u1', role: 'contributor' };
const reviewer: Identity = { id: 'u2', role: 'reviewer' };
const admin: Identity = { id: 'u3', role: 'admin' };
/** Headers signed for one call (the signature covers the method, the target and the service). */
const as = (identity: Identity, url: string, method = 'POST') =>
  signIdentity(identity, SECRET, { method, url, service: 'serve-test' });

const ThingParams = StrictObject({ id: Type.String({ maxLength: 8 }) });
const ThingBody = StrictObject({ name: Type.String({ minLength: 1 }) });
const Thing = StrictObject({ id: Type.String(), name: Type.String(), by: Type.String() });

const postThing = defineRoute({
  name: 'postThing',
  method: 'POST',
  path: '/api/things/:id',
  owner: 'text',
  access: 'signedIn',
  summary: 'Make a thing',
  tag: 'things',
  params: ThingParams,
  body: ThingBody,
  reply: { 201: Thing },
  errors: [409],
});
const reviewThing = defineRoute({
  name: 'reviewThing',
  method: 'POST',
  path: '/api/things/:id/review',
  owner: 'text',
  access: ['reviewer'],
  summary: 'Review a thing',
  tag: 'things',
  params: ThingParams,
  reply: { 200: Type.Object({ ok: Type.Literal(true) }) },
});
const internalThing = defineRoute({
  name: 'internalThing',
  method: 'GET',
  path: '/internal/things',
  owner: 'text',
  access: 'service',
  summary: 'For services',
  tag: 'internal',
  reply: { 200: Type.Object({ ok: Type.Literal(true) }) },
});
const publicThing = defineRoute({
  name: 'publicThing',
  method: 'GET',
  path: '/api/things',
  owner: 'text',
  access: 'public',
  summary: 'Anyone',
  tag: 'things',
  query: StrictObject({ q: Type.Optional(Type.String()) }),
  reply: { 200: Type.Object({ q: Type.String() }) },
});

const tokenThing = defineRoute({
  name: 'tokenThing',
  method: 'GET',
  path: '/api/things/:id/file',
  owner: 'text',
  access: ['reviewer'],
  apiToken: true,
  summary: 'A download API tokens may make',
  tag: 'things',
  params: ThingParams,
  reply: { 200: Type.Object({ id: Type.String() }) },
});
const slashThing = defineRoute({
  name: 'slashThing',
  method: 'GET',
  path: '/api/slash-things',
  owner: 'text',
  access: 'public',
  trailingSlash: true,
  summary: 'Served with and without a final slash',
  tag: 'things',
  reply: { 200: Type.Object({ ok: Type.Literal(true) }) },
});
const byToken = (identity: Identity): Identity => ({ ...identity, via: 'api-token' });

describe('serveRoute: a route registered from its declaration', () => {
  let app: ServiceApp;
  let handled = 0;
  beforeAll(async () => {
    app = await createService({
      name: 'serve-test',
      logger: false,
      identitySecret: SECRET,
      routes: async (instance) => {
        serveRoute(instance, postThing, async (request, reply) => {
          handled++;
          if (request.params.id === 'taken') throw new HttpError(409, 'recording.already_voted');
          // Typed from the declaration: params, body and the signed-in caller.
          return reply
            .code(201)
            .send({ id: request.params.id, name: request.body.name, by: request.identity.id });
        });
        serveRoute(instance, reviewThing, async () => ({ ok: true as const }));
        serveRoute(instance, internalThing, async () => ({ ok: true as const }));
        serveRoute(instance, publicThing, async (request) => ({ q: request.query.q ?? '' }));
        serveRoute(instance, tokenThing, async (request) => ({ id: request.params.id }));
        serveRoute(instance, slashThing, async () => ({ ok: true as const }));
      },
    });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, headers = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('serves the handler with typed params, body and identity', async () => {
    const res = await post('/api/things/a1', { name: 'x' }, as(contributor, '/api/things/a1'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 'a1', name: 'x', by: 'u1' });
  });

  it('refuses a signed-out caller with 401 before reading the body, and never runs the handler', async () => {
    const before = handled;
    const res = await post('/api/things/a1', { nonsense: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'identity.missing', statusCode: 401 });
    expect(Value.Check(ErrorBody, res.json())).toBe(true);
    expect(handled).toBe(before);
  });

  it('admits the declared roles (and admins) and refuses others with 403', async () => {
    const refused = await post('/api/things/a1/review', undefined, as(contributor, '/api/things/a1/review'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'access.role_forbidden' });
    expect(
      (await post('/api/things/a1/review', undefined, as(reviewer, '/api/things/a1/review'))).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/things/a1/review', undefined, as(admin, '/api/things/a1/review'))).statusCode,
    ).toBe(200);
  });

  it('admits only platform services to service routes, not people (admins included)', async () => {
    for (const person of [contributor, admin]) {
      const res = await app.inject({
        url: '/internal/things',
        headers: as(person, '/internal/things', 'GET'),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('access.service_only');
    }
    const service = await app.inject({
      url: '/internal/things',
      headers: as(SERVICE_IDENTITIES.speech, '/internal/things', 'GET'),
    });
    expect(service.statusCode).toBe(200);
  });

  it('refuses an API token on every route that does not accept tokens, public ones included', async () => {
    const write = await post('/api/things/a1', { name: 'x' }, as(byToken(reviewer), '/api/things/a1'));
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('access.token_forbidden');
    const open = await app.inject({
      url: '/api/things',
      headers: as(byToken(reviewer), '/api/things', 'GET'),
    });
    expect(open.json().code).toBe('access.token_forbidden');
  });

  it('admits an API token where the declaration accepts one, with its owner’s role still checked', async () => {
    const url = '/api/things/a1/file';
    const ok = await app.inject({ url, headers: as(byToken(reviewer), url, 'GET') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 'a1' });
    const wrongRole = await app.inject({ url, headers: as(byToken(contributor), url, 'GET') });
    expect(wrongRole.json().code).toBe('access.role_forbidden');
  });

  it('serves a trailingSlash route with and without the final slash, and no other route with it', async () => {
    expect((await app.inject({ url: '/api/slash-things' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/api/slash-things/' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/api/things/' })).statusCode).toBe(404);
  });

  it('lets anyone call a public route', async () => {
    expect((await app.inject({ url: '/api/things?q=hi' })).json()).toEqual({ q: 'hi' });
  });

  it('validates input with the declared schemas: 400 validation.failed', async () => {
    const res = await post('/api/things/a1', { name: 'x', extra: 1 }, as(contributor, '/api/things/a1'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation.failed',
      message: "body has an unknown field 'extra'",
    });
    expect(
      (await post('/api/things/much-too-long', { name: 'x' }, as(contributor, '/api/things/much-too-long')))
        .statusCode,
    ).toBe(400);
  });

  it('answers an HttpError with its code and the English message from the catalogue', async () => {
    const res = await post('/api/things/taken', { name: 'x' }, as(contributor, '/api/things/taken'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Conflict',
      code: 'recording.already_voted',
      message: 'You have already voted on this recording.',
      statusCode: 409,
    });
  });

  it('describes the route in OpenAPI under its declared name, with its refusals', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    const op = doc.paths['/api/things/{id}'].post;
    expect(op.operationId).toBe('postThing');
    expect(op.tags).toEqual(['things']);
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '409']);
    expect(Object.keys(doc.paths['/api/things/{id}/review'].post.responses)).toContain('403');
  });

  it('refuses to register a guarded route on an app that verifies no identity', async () => {
    const bare = await createService({ name: 'bare', logger: false });
    expect(() => serveRoute(bare, postThing, async () => undefined)).toThrow(/verifies no identity/);
    await bare.close();
  });
});
