import { smallRenditionUrl } from './dataSaver';
import { countingProgress, countStreamed, resetSessionBytes, sessionBytes } from './sessionBytes';

beforeEach(resetSessionBytes);

describe('the bytes this page session moved', () => {
  it('counts an upload by what its progress says went out, again from the server’s count after a cut', () => {
    const seen: number[] = [];
    const report = countingProgress<{ loaded: number; total: number }>((p) => seen.push(p.loaded));
    for (const loaded of [0, 400, 1000]) report({ loaded, total: 3000 });
    expect(sessionBytes()).toBe(1000);
    // The connection dropped after 1000 bytes; the server kept 512 of them: the resent 488 moved again.
    for (const loaded of [512, 2000, 3000]) report({ loaded, total: 3000 });
    expect(sessionBytes()).toBe(1000 + (3000 - 512));
    expect(seen).toEqual([0, 400, 1000, 512, 2000, 3000]);
  });

  it('counts a streamed clip once, by the browser’s transfer size', () => {
    const real = performance.getEntriesByName;
    performance.getEntriesByName = ((name: string) =>
      name === 'http://localhost/audio/a.webm'
        ? [{ transferSize: 1200 }, { transferSize: 0 }, { transferSize: 800 }]
        : []) as unknown as typeof real;
    try {
      countStreamed('/audio/a.webm');
      countStreamed('/audio/a.webm');
      countStreamed('/audio/b.webm');
      expect(sessionBytes()).toBe(2000);
    } finally {
      performance.getEntriesByName = real;
    }
  });
});

describe('smallRenditionUrl', () => {
  it('asks the audio route for the small rendition, keeping any query the address had', () => {
    expect(smallRenditionUrl('/audio/a.webm')).toBe('/audio/a.webm?rendition=small');
    expect(smallRenditionUrl('/audio/a.webm?x=1')).toBe('/audio/a.webm?x=1&rendition=small');
  });
});
