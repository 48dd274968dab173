import { isApiPath, ownerOf } from './routing-table';

describe('routing table', () => {
  it.each([
    ['/api/sentences', 'text'],
    ['/api/sentences/batch', 'text'],
    ['/api/text/add/', 'text'],
    ['/api/text-audio-pairs/', 'text'],
    ['/api/recordings', 'speech'],
    ['/api/recordings/abc/validate', 'speech'],
    ['/api/user/stats', 'speech'],
    ['/api/audio/upload/', 'speech'],
    ['/api/audio/all/', 'speech'],
    ['/audio/recordings/abc.webm', 'speech'],
    ['/api/contact', 'gateway'],
    ['/auth/signin', 'gateway'],
    ['/auth/auth/signup', 'gateway'],
  ])('%s belongs to %s', (path, owner) => {
    expect(ownerOf(path)).toBe(owner);
  });

  it('matches whole segments only and knows nothing else', () => {
    expect(ownerOf('/api/textbooks')).toBeNull();
    expect(ownerOf('/api/sentencesX')).toBeNull();
    expect(ownerOf('/api/user/other')).toBeNull();
    expect(ownerOf('/dashboard')).toBeNull();
  });

  it('knows which paths are API rather than pages', () => {
    expect(isApiPath('/api/x')).toBe(true);
    expect(isApiPath('/auth/session')).toBe(true);
    expect(isApiPath('/audio/a.webm')).toBe(true);
    expect(isApiPath('/audiobooks')).toBe(false);
    expect(isApiPath('/data/downloads')).toBe(false);
  });
});
