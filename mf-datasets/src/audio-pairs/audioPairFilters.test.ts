import { audioUrl, pageCountOf } from './audioPairFilters';

describe('the pager', () => {
  it('counts pages of five, at least one', () => {
    expect([0, 1, 5, 6, 10, 11].map((total) => pageCountOf(total))).toEqual([1, 1, 1, 2, 2, 3]);
  });
});

describe('the played address of a stored path', () => {
  it("is /audio/ plus the path without its leading 'audio/' segment", () => {
    expect(audioUrl('audio/pairs/0123456789abcdef01234567-source.wav')).toBe(
      '/audio/pairs/0123456789abcdef01234567-source.wav',
    );
    expect(audioUrl('pairs/x-target.wav')).toBe('/audio/pairs/x-target.wav');
    expect(audioUrl('/audio/pairs/x-target.wav')).toBe('/audio/pairs/x-target.wav');
  });
});
