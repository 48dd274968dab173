import { UI_LOCALE_CODES } from '@platform/contracts';
import { EMAIL_CHANGE_NOTICE_TEXTS, type EmailChangeNoticeTexts } from './mail-texts';

const lines = (t: EmailChangeNoticeTexts) =>
  Object.values(t).map((v) => (typeof v === 'function' ? v('new@example.org') : v) as string);

describe('the notice to the old address of a change, in each interface language', () => {
  it('has every language, each in its own words, in NFC, Yoruba with its tone marks', () => {
    expect(Object.keys(EMAIL_CHANGE_NOTICE_TEXTS).sort()).toEqual([...UI_LOCALE_CODES].sort());
    const en = lines(EMAIL_CHANGE_NOTICE_TEXTS.en);
    for (const code of UI_LOCALE_CODES) {
      lines(EMAIL_CHANGE_NOTICE_TEXTS[code]).forEach((line, i) => {
        if (code !== 'en') expect(line).not.toBe(en[i]);
        expect(line).toBe(line.normalize('NFC'));
      });
      expect(EMAIL_CHANGE_NOTICE_TEXTS[code].requested('new@example.org')).toContain('new@example.org');
    }
    for (const line of lines(EMAIL_CHANGE_NOTICE_TEXTS.yo)) {
      expect(line.normalize('NFD')).toMatch(/[\u0300\u0301]/);
    }
  });
});
