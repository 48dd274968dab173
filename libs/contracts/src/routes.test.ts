import { Value } from '@sinclair/typebox/value';
import * as contracts from './index';
import {
  ERROR_CODE_PATTERN,
  ERROR_CODES,
  ErrorBody,
  ROUTES,
  authCodeFor,
  pathParamNames,
  routeUrl,
  AUTH_MESSAGES,
} from './index';

describe('route declarations', () => {
  it('are each exported under their own name, and names are unique', () => {
    const exported = contracts as unknown as Record<string, unknown>;
    for (const route of ROUTES) expect(exported[route.name]).toBe(route);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('declare each method and path once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declare a params schema naming exactly the path parameters', () => {
    for (const route of ROUTES) {
      const names = pathParamNames(route.path);
      const declared = route.params
        ? Object.keys((route.params as unknown as { properties: object }).properties)
        : [];
      expect({ route: route.name, params: declared.sort() }).toEqual({
        route: route.name,
        params: names.sort(),
      });
    }
  });

  it('keep internal routes to services and public paths away from services-only access', () => {
    for (const route of ROUTES) {
      const internal = route.path.startsWith('/internal/');
      if (route.access === 'service') expect(internal).toBe(true);
      if (!internal) expect(['/api/', '/auth/', '/audio/'].some((p) => route.path.startsWith(p))).toBe(true);
    }
  });

  it('never declare a body and multipart parts together, nor a body on GET', () => {
    for (const route of ROUTES) {
      expect(route.body !== undefined && route.multipart !== undefined).toBe(false);
      if (route.method === 'GET') expect(route.body).toBeUndefined();
    }
  });
});

describe('idempotent routes', () => {
  it('are the contributions a phone queues: every one changes state, for a signed-in person, on a service', () => {
    const idempotent = ROUTES.filter((r) => r.idempotent);
    expect(idempotent.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'postRecording',
        'postRecordingVote',
        'postSentence',
        'postSentenceBatch',
        'postTextPair',
        'postAudioPair',
        'postReviewVerdict',
      ]),
    );
    for (const route of idempotent) {
      expect(`${route.name} ${route.method}`).not.toBe(`${route.name} GET`);
      expect(`${route.name} ${String(route.access)}`).not.toMatch(/ (public|service)$/);
      expect(`${route.name} ${route.owner}`).toMatch(/ (speech|text)$/);
    }
  });

  it('take keys of printable ASCII, 8 to 200 characters', () => {
    expect(contracts.isIdempotencyKey('0b9c1f0e-5d7a-4f6e-9d3c-2a1b0c9d8e7f')).toBe(true);
    expect(contracts.isIdempotencyKey('k'.repeat(200))).toBe(true);
    for (const bad of ['short', 'k'.repeat(201), 'ìdánwò-kọ́kọ́rọ́', 'tab\there!', undefined, ['a-key-a-key']]) {
      expect(contracts.isIdempotencyKey(bad)).toBe(false);
    }
  });
});

describe('API token routes', () => {
  it('are read-only GETs of the datasets API, never a service route', () => {
    const tokenRoutes = ROUTES.filter((r) => r.apiToken);
    expect(tokenRoutes.length).toBeGreaterThan(0);
    for (const route of tokenRoutes) {
      expect(`${route.name} ${route.method}`).toBe(`${route.name} GET`);
      expect(route.access).not.toBe('service');
      expect(route.path).toMatch(/^\/api\/(datasets|downloads)(\/|$)/);
    }
  });
});

describe('routeUrl', () => {
  it('substitutes and encodes the path parameters', () => {
    expect(routeUrl('/api/recordings/:id/validate', { id: 'a b/c' })).toBe(
      '/api/recordings/a%20b%2Fc/validate',
    );
    expect(routeUrl('/api/sentences')).toBe('/api/sentences');
  });
  it('refuses a missing parameter rather than sending ":id" to the server', () => {
    expect(() => routeUrl('/api/recordings/:id/skip', {})).toThrow(/id/);
  });
});

describe('error codes', () => {
  it('are stable dotted names', () => {
    const pattern = new RegExp(ERROR_CODE_PATTERN);
    for (const code of ERROR_CODES) expect(code).toMatch(pattern);
  });
  it('have distinct English messages, so a message never stands for two codes', () => {
    const messages = ERROR_CODES.map((c) => contracts.ERROR_MESSAGES[c]);
    expect(new Set(messages).size).toBe(messages.length);
  });
  it('give the sign-up and sign-in problems their codes', () => {
    expect(authCodeFor(AUTH_MESSAGES.passwordRule)).toBe('auth.password_rule');
    expect(authCodeFor(AUTH_MESSAGES.tooManyRequests)).toBe('rate_limit.exceeded');
    expect(authCodeFor('something else')).toBe('validation.failed');
  });
  it('belong in ErrorBody', () => {
    const body = { error: 'Conflict', code: 'recording.already_voted', message: 'x', statusCode: 409 };
    expect(Value.Check(ErrorBody, body)).toBe(true);
    expect(Value.Check(ErrorBody, { ...body, code: 'Already voted' })).toBe(false);
  });
});
