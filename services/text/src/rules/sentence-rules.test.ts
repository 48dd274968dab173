import { checkSentence, duplicateKey, normaliseSentence } from './sentence-rules';

const code = (text: string, lang: Parameters<typeof checkSentence>[1]) => checkSentence(text, lang).code;

describe('the sentence rules', () => {
  it('takes in a Yoruba sentence with tone marks, and refuses the same words without them', () => {
    expect(code('Ọmọ náà ń ṣeré ní ọgbà.', 'yo')).toBeUndefined();
    expect(code('Omo naa n sere ni ogba.', 'yo')).toBe('sentence.needs_tone_marks');
    // One word needs no tone mark (a name, an exclamation).
    expect(code('Ade', 'yo')).toBeUndefined();
  });

  it('reads decomposed input as its NFC form and collapses whitespace', () => {
    const verdict = checkSentence('  Ọmọ   náà\tń ṣeré.  '.normalize('NFD'), 'yo');
    expect(verdict.code).toBeUndefined();
    expect(verdict.text).toBe('Ọmọ náà ń ṣeré.'.normalize('NFC'));
    expect(normaliseSentence('a\u00a0\u00a0b\nc')).toBe('a b c');
  });

  it('refuses digits, in any script', () => {
    expect(code('I have 3 goats.', 'en')).toBe('sentence.has_digits');
    expect(code('I have ٣ goats.', 'en')).toBe('sentence.has_digits');
    expect(code('I have three goats.', 'en')).toBeUndefined();
  });

  it('refuses web and e-mail addresses', () => {
    expect(code('Read more at https://example.org today.', 'en')).toBe('sentence.has_link');
    expect(code('Visit www.example today.', 'en')).toBe('sentence.has_link');
    expect(code('Write to ada@example.org soon.', 'en')).toBe('sentence.has_link');
    expect(code('Go to example.com now.', 'en')).toBe('sentence.has_link');
    expect(code('Read more at the library today.', 'en')).toBeUndefined();
  });

  it('refuses symbols beyond ordinary punctuation, and allows the ordinary ones', () => {
    expect(code('Rice costs a lot #hungry.', 'en')).toBe('sentence.bad_symbols');
    expect(code('She said € is money.', 'en')).toBe('sentence.bad_symbols');
    expect(code('Rain falls 🙂', 'en')).toBe('sentence.bad_symbols');
    expect(code('“Come in,” she said; he didn’t — not yet… (later)!', 'en')).toBeUndefined();
  });

  it('counts words: 14 pass, 15 do not', () => {
    const words = (n: number) => `${Array.from({ length: n }, () => 'word').join(' ')}.`;
    expect(code(words(14), 'en')).toBeUndefined();
    expect(code(words(15), 'en')).toBe('sentence.too_many_words');
    expect(code(`${'a'.repeat(501)}.`, 'en')).toBe('sentence.too_many_words');
  });

  it("refuses letters that are not the language's", () => {
    expect(code('The café is open.', 'en')).toBe('sentence.foreign_letters');
    expect(code('Ọmọ náà ń ṣeré.', 'en')).toBe('sentence.foreign_letters');
    expect(code('Ọmọ náà ń ṣeré quickly.', 'yo')).toBe('sentence.foreign_letters');
    expect(code('Ọmọ náà ń ṣeré ẍ.', 'yo')).toBe('sentence.foreign_letters');
    // A Yoruba vowel with two tone marks is a typo, not a letter.
    expect(code('Ọmọ ǹ́ lọ.', 'yo')).toBe('sentence.foreign_letters');
    expect(code('Ɗan uwa ya zo gida.', 'ha')).toBeUndefined();
    expect(code('Ban san pasta ba.', 'ha')).toBe('sentence.foreign_letters');
    expect(code('Nne m nọ n’ụlọ.', 'ig')).toBeUndefined();
    expect(code('Nne m nọ na cup.', 'ig')).toBe('sentence.foreign_letters');
    expect(code('Мама дома.', 'pcm')).toBe('sentence.foreign_letters');
  });

  it('refuses a line with nothing to say', () => {
    expect(code('   ', 'en')).toBe('sentence.empty');
    expect(code('... !', 'en')).toBe('sentence.empty');
  });

  it('gives one duplicate key across case, punctuation, whitespace and normalisation, but not across tones', () => {
    const key = duplicateKey('Ọmọ náà ń ṣeré.');
    expect(duplicateKey('ọmọ  NÁÀ, ń ṣeré!'.normalize('NFD'))).toBe(key);
    expect(duplicateKey('Ọmọ naa n sere.')).not.toBe(key);
    expect(duplicateKey('The cat sat.')).toBe(duplicateKey('the CAT sat?'));
  });
});
