import { UI_LOCALE_CODES } from '@platform/contracts';
import { NEWSLETTER_TEXTS, type NewsletterTexts } from './newsletter-texts';

const words = (t: NewsletterTexts) =>
  Object.values(t).map((v) => (typeof v === 'function' ? v(72) : v) as string);

describe('the newsletter mails in each interface language', () => {
  it('has every language, each in its own words', () => {
    expect(Object.keys(NEWSLETTER_TEXTS).sort()).toEqual([...UI_LOCALE_CODES].sort());
    for (const code of UI_LOCALE_CODES.filter((c) => c !== 'en')) {
      const en = words(NEWSLETTER_TEXTS.en);
      words(NEWSLETTER_TEXTS[code]).forEach((line, i) => expect(line).not.toBe(en[i]));
    }
  });

  it('writes Yoruba with its tone marks, every language in NFC', () => {
    for (const code of UI_LOCALE_CODES) {
      for (const line of words(NEWSLETTER_TEXTS[code])) expect(line).toBe(line.normalize('NFC'));
    }
    for (const line of words(NEWSLETTER_TEXTS.yo)) expect(line.normalize('NFD')).toMatch(/[\u0300\u0301]/);
  });

  it('never says "nke a" in Igbo', () => {
    for (const line of words(NEWSLETTER_TEXTS.ig)) expect(line).not.toMatch(/\bnke a\b/i);
  });

  it('puts the hours in the expiry line', () => {
    for (const code of UI_LOCALE_CODES) expect(NEWSLETTER_TEXTS[code].expires(72)).toContain('72');
  });
});
