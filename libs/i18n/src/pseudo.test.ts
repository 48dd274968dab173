import { isPseudoLocalised, pseudoLocalise } from './pseudo';

describe('the pseudo-locale', () => {
  it('accents and brackets text but keeps placeholders and plural rules working', () => {
    expect(pseudoLocalise('Sign In')).toBe('[Šîĝñ Îñ]');
    expect(pseudoLocalise('Profile menu: {name}')).toBe('[Þŕöƒîļé ɱéñû: {name}]');
    expect(pseudoLocalise('{count, plural, one {# sentence} other {# sentences}}')).toBe(
      '[{count,plural,one{# šéñţéñçé} other{# šéñţéñçéš}}]',
    );
  });

  it('tells catalogue text from text written into a screen', () => {
    expect(isPseudoLocalised('[Šîĝñ Îñ]')).toBe(true);
    expect(isPseudoLocalised('[Þŕöƒîļé ɱéñû: Adaeze Okafor]')).toBe(true);
    expect(isPseudoLocalised('404')).toBe(true);
    expect(isPseudoLocalised('Sign In')).toBe(false);
    expect(isPseudoLocalised('[Šîĝñ Îñ] or')).toBe(false);
  });
});
