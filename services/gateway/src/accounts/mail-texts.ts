import { DEFAULT_UI_LOCALE } from '@platform/contracts';
import type { UiLocaleCode } from '@platform/contracts';

/** The verification mail's words in each interface language (the recipient's, kept with the account). */
export interface VerificationTexts {
  subject: string;
  hello: (name: string) => string;
  confirm: string;
  button: string;
  expires: (hours: number) => string;
  expiresHtml: (hours: number) => string;
  ignore: string;
}

const TEXTS: Record<UiLocaleCode, VerificationTexts> = {
  en: {
    subject: 'Verify your email address',
    hello: (name) => `Hello ${name},`,
    confirm: 'Please confirm your email address to finish creating your account:',
    button: 'Verify my email address',
    expires: (h) =>
      `This link expires in ${h} hours and works once. If it has expired, ask for a new one from the sign-in page (Get Link).`,
    expiresHtml: (h) => `This link expires in ${h} hours and works once.`,
    ignore: 'If you did not sign up, you can ignore this message.',
  },
  yo: {
    subject: 'Jẹ́rìísí àdírẹ́sì ímeèlì rẹ',
    hello: (name) => `Ẹ n lẹ́ o ${name},`,
    confirm: 'Jọ̀wọ́ jẹ́rìísí àdírẹ́sì ímeèlì rẹ láti parí ìṣẹ̀dá àkáǹtì rẹ:',
    button: 'Jẹ́rìísí àdírẹ́sì ímeèlì mi',
    expires: (h) =>
      `Ìjápọ̀ yìí yóò parí ní wákàtí ${h}, ó sì ń ṣiṣẹ́ lẹ́ẹ̀kan ṣoṣo. Tí ó bá ti parí, béèrè fún tuntun láti ojú-ìwé ìwọlé (Gba Ìjápọ̀).`,
    expiresHtml: (h) => `Ìjápọ̀ yìí yóò parí ní wákàtí ${h}, ó sì ń ṣiṣẹ́ lẹ́ẹ̀kan ṣoṣo.`,
    ignore: 'Tí kì í bá ṣe ìwọ ló forúkọsílẹ̀, o lè fojú fo ìfiránṣẹ́ yìí.',
  },
  ha: {
    subject: 'Tabbatar da adireshin imel ɗin ka',
    hello: (name) => `Sannu ${name},`,
    confirm: 'Da fatan ka tabbatar da adireshin imel ɗin ka don kammala ƙirƙirar asusun ka:',
    button: 'Tabbatar da adireshin imel ɗina',
    expires: (h) =>
      `Wannan hanyar za ta ƙare cikin awanni ${h} kuma tana aiki sau ɗaya kawai. Idan ta ƙare, nemi sabuwa daga shafin shiga (Sami Hanya).`,
    expiresHtml: (h) => `Wannan hanyar za ta ƙare cikin awanni ${h} kuma tana aiki sau ɗaya kawai.`,
    ignore: 'Idan ba kai ne ka yi rajista ba, za ka iya watsi da wannan saƙo.',
  },
  ig: {
    subject: 'Kwado adreesị email gị',
    hello: (name) => `Ndewo ${name},`,
    confirm: 'Biko kwado adreesị email gị iji mezuo imepụta akaụntụ gị:',
    button: 'Kwado adreesị email m',
    expires: (h) =>
      `Njikọ a ga-agwụ n’ime awa ${h}, ọ na-arụkwa ọrụ naanị otu ugboro. Ọ bụrụ na ọ gwụla, rịọ maka nke ọhụrụ site na ibe ịbanye (Nweta Njikọ).`,
    expiresHtml: (h) => `Njikọ a ga-agwụ n’ime awa ${h}, ọ na-arụkwa ọrụ naanị otu ugboro.`,
    ignore: 'Ọ bụrụ na ọ bụghị gị debanyere aha, ị nwere ike ileghara ozi a anya.',
  },
};

export const verificationTexts = (locale: UiLocaleCode | undefined) => TEXTS[locale ?? DEFAULT_UI_LOCALE];
