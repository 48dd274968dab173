import { isApiPath, ownerOf, ROUTING_TABLE, type RoutingRule } from './routing-table';

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
});
