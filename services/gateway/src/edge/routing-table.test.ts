import { defineRoute, ROUTES, routeUrl, pathParamNames, type RouteDeclaration } from '@platform/contracts';
import { Type } from '@sinclair/typebox';
import {
  deriveRoutingTable,
  isApiPath,
  ownerOf,
  ROUTING_TABLE,
  staticPrefix,
  type RoutingRule,
} from './routing-table';

describe('routing table', () => {
  it.each([
    ['GET', '/api/sentences', 'speech'],
    ['HEAD', '/api/sentences', 'speech'],
    ['POST', '/api/sentences/65f0c0ffee0000000000abcd/skip', 'speech'],
    ['POST', '/api/sentences/65f0c0ffee0000000000abcd/report', 'speech'],
    ['POST', '/api/sentences', 'text'],
    ['POST', '/api/sentences/batch', 'text'],
    ['POST', '/api/sentences/bulk', 'text'],
    ['POST', '/api/text/add/', 'text'],
    ['GET', '/api/text-audio-pairs/', 'text'],
    ['POST', '/api/recordings', 'speech'],
    ['GET', '/api/recordings/validate', 'speech'],
    ['POST', '/api/recordings/abc/validate', 'speech'],
    ['DELETE', '/api/recordings/abc/validate', 'speech'],
    ['GET', '/api/user/stats', 'speech'],
    ['GET', '/api/user/preferences', 'speech'],
    ['PUT', '/api/user/preferences', 'speech'],
    ['POST', '/api/audio/upload/', 'speech'],
    ['GET', '/api/audio/all/', 'speech'],
    ['GET', '/audio/65f0c0ffee0000000000abcd.webm', 'speech'],
    ['POST', '/api/contact', 'gateway'],
    ['POST', '/auth/signin', 'gateway'],
    ['POST', '/auth/auth/signup', 'gateway'],
  ])('%s %s belongs to %s', (method, path, owner) => {
    expect(ownerOf(path, ROUTING_TABLE, method)).toBe(owner);
  });

  it('sends the method-bound path to the general rule when no method is given', () => {
    expect(ownerOf('/api/sentences')).toBe('speech');
    expect(ownerOf('/api/sentences/batch')).toBe('text');
  });

  it('matches whole segments only and knows nothing else', () => {
    expect(ownerOf('/api/textbooks')).toBeNull();
    expect(ownerOf('/api/sentencesX', ROUTING_TABLE, 'POST')).toBeNull();
    expect(ownerOf('/api/sentences/batchy', ROUTING_TABLE, 'POST')).toBe('speech');
    expect(ownerOf('/api/user/other')).toBeNull();
    expect(ownerOf('/dashboard')).toBeNull();
  });

  it('applies methods and exactness as written, first match wins', () => {
    const table: RoutingRule[] = [
      { prefix: '/api/things', exact: true, methods: ['post'.toUpperCase()], owner: 'text' },
      { prefix: '/api/things', owner: 'speech' },
    ];
    expect(ownerOf('/api/things', table, 'post')).toBe('text');
    expect(ownerOf('/api/things', table, 'PUT')).toBe('speech');
    expect(ownerOf('/api/things/1', table, 'POST')).toBe('speech');
  });

  it('knows which paths are API rather than pages', () => {
    expect(isApiPath('/api/x')).toBe(true);
    expect(isApiPath('/auth/session')).toBe(true);
    expect(isApiPath('/audio/a.webm')).toBe(true);
    expect(isApiPath('/audiobooks')).toBe(false);
    expect(isApiPath('/data/downloads')).toBe(false);
  });

  it('sends every declared route to the owner its declaration names', () => {
    const publicRoutes = ROUTES.filter((r) => !r.path.startsWith('/internal/'));
    expect(publicRoutes.length).toBeGreaterThan(20);
    for (const route of publicRoutes) {
      const sample = Object.fromEntries(pathParamNames(route.path).map((name) => [name, 'x1']));
      const path = routeUrl(route.path, sample);
      expect({ route: route.name, owner: ownerOf(path, ROUTING_TABLE, route.method) }).toEqual({
        route: route.name,
        owner: route.owner,
      });
    }
  });

  it('never routes internal service-to-service paths', () => {
    for (const route of ROUTES.filter((r) => r.path.startsWith('/internal/'))) {
      expect(ownerOf(route.path, ROUTING_TABLE, route.method)).toBeNull();
    }
  });
});

describe('deriving the table from declarations', () => {
  const route = (name: string, method: RouteDeclaration['method'], path: string, owner: 'text' | 'speech') =>
    defineRoute({
      name,
      method,
      path,
      owner,
      access: 'signedIn',
      summary: name,
      tag: 't',
      reply: { 200: Type.Null() },
    });

  it('takes the fixed part of a path as its prefix', () => {
    expect(staticPrefix('/api/recordings/:id/validate')).toBe('/api/recordings');
    expect(staticPrefix('/api/user/stats')).toBe('/api/user/stats');
  });

  it('a new declared route is routed without touching the gateway', () => {
    const table = deriveRoutingTable([...ROUTES, route('getThings', 'GET', '/api/things/:id', 'text')]);
    expect(ownerOf('/api/things/7', table, 'GET')).toBe('text');
    expect(ownerOf('/api/things/7', ROUTING_TABLE, 'GET')).toBeNull();
  });

  it('refuses a prefix two owners both need below it', () => {
    expect(() =>
      deriveRoutingTable([
        route('a', 'GET', '/api/shared/:id', 'speech'),
        route('b', 'GET', '/api/shared/:id/more', 'speech'),
        route('c', 'POST', '/api/shared/:id', 'text'),
      ]),
    ).toThrow(/shares \/api\/shared/);
  });
});
