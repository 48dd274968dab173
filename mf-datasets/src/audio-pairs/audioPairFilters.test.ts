import { audioUrl, pageCountOf, readFilters, writeFilters } from './audioPairFilters';

describe('the filters in the URL', () => {
  it('reads the dialect, status and page, ignoring values that are not among the choices', () => {
    expect(readFilters(new URLSearchParams('dialect=ekiti-yoruba&status=rejected&page=3'))).toEqual({
      dialect: 'ekiti-yoruba',
      status: 'rejected',
      page: 3,
    });
    expect(readFilters(new URLSearchParams('dialect=Ekiti&status=done&page=-2'))).toEqual({ page: 1 });
    expect(readFilters(new URLSearchParams('page=2.5'))).toEqual({ page: 1 });
    expect(readFilters(new URLSearchParams(''))).toEqual({ page: 1 });
  });

  it('writes them back, leaving out page 1 and "all", and keeping other parameters', () => {
    const current = new URLSearchParams('lang=yo&page=4&status=pending');
    expect(writeFilters(current, { dialect: 'other', page: 1 }).toString()).toBe('lang=yo&dialect=other');
    expect(writeFilters(current, { status: 'approved', page: 2 }).toString()).toBe(
      'lang=yo&status=approved&page=2',
    );
  });

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
