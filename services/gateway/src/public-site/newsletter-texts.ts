import { DEFAULT_UI_LOCALE, type UiLocaleCode } from '@platform/contracts';

/** The newsletter's mails in each interface language (the one the address last asked from). */
export interface NewsletterTexts {
  confirmSubject: string;
  intro: string;
  confirm: string;
  confirmButton: string;
  expires: (hours: number) => string;
  ignore: string;
  /** Above the unsubscribe link every newsletter mail ends with. */
  unsubscribe: string;
  unsubscribeButton: string;
}

export const NEWSLETTER_TEXTS: Record<UiLocaleCode, NewsletterTexts> = {
  en: {
    confirmSubject: 'Confirm your newsletter subscription',
    intro: 'Someone, we hope you, asked to receive our newsletter at this address.',
    confirm: 'Please confirm by opening this link:',
    confirmButton: 'Confirm my subscription',
    expires: (h) => `This link expires in ${h} hours and works once.`,
    ignore: 'If you did not ask for it, ignore this message: you will not be subscribed.',
    unsubscribe: 'To stop receiving our e-mails at any time, open this link:',
    unsubscribeButton: 'Unsubscribe',
  },
  yo: {
    confirmSubject: 'Jẹ́rìísí ìforúkọsílẹ̀ rẹ fún ìwé ìròyìn wa',
    intro: 'Ẹnìkan, a nírètí pé ìwọ ni, béèrè láti máa gba ìwé ìròyìn wa ní àdírẹ́sì yìí.',
    confirm: 'Jọ̀wọ́ jẹ́rìísí nípa ṣíṣí ìjápọ̀ yìí:',
    confirmButton: 'Jẹ́rìísí ìforúkọsílẹ̀ mi',
    expires: (h) => `Ìjápọ̀ yìí yóò parí ní wákàtí ${h}, ó sì ń ṣiṣẹ́ lẹ́ẹ̀kan ṣoṣo.`,
    ignore: 'Tí kì í bá ṣe ìwọ ló béèrè, fojú fo ìfiránṣẹ́ yìí: a kò ní forúkọ rẹ sílẹ̀.',
    unsubscribe: 'Láti dáwọ́ gbígba ímeèlì wa dúró nígbàkígbà, ṣí ìjápọ̀ yìí:',
    unsubscribeButton: 'Yọ orúkọ mi kúrò',
  },
  ha: {
    confirmSubject: 'Tabbatar da rajistar ka ta wasiƙar labarai',
    intro: 'Wani, muna fatan kai ne, ya nemi karɓar wasiƙar labaran mu a wannan adireshi.',
    confirm: 'Da fatan ka tabbatar ta buɗe wannan hanyar:',
    confirmButton: 'Tabbatar da rajista ta',
    expires: (h) => `Wannan hanyar za ta ƙare cikin awanni ${h} kuma tana aiki sau ɗaya kawai.`,
    ignore: 'Idan ba kai ne ka nema ba, ka yi watsi da wannan saƙo: ba za a yi maka rajista ba.',
    unsubscribe: 'Don daina karɓar imel ɗin mu a kowane lokaci, buɗe wannan hanyar:',
    unsubscribeButton: 'Cire suna na',
  },
  ig: {
    confirmSubject: 'Kwado ndebanye aha gị maka akwụkwọ ozi anyị',
    intro: 'Otu onye, anyị na-atụ anya na ọ bụ gị, rịọrọ ịnata akwụkwọ ozi anyị n’adreesị email a.',
    confirm: 'Biko kwado site n’imeghe njikọ a:',
    confirmButton: 'Kwado ndebanye aha m',
    expires: (h) => `Njikọ a ga-agwụ n’ime awa ${h}, ọ na-arụkwa ọrụ naanị otu ugboro.`,
    ignore: 'Ọ bụrụ na ọ bụghị gị rịọrọ ya, leghara ozi a anya: a gaghị edebanye aha gị.',
    unsubscribe: 'Iji kwụsị ịnata email anyị n’oge ọ bụla, meghee njikọ a:',
    unsubscribeButton: 'Wepụ aha m',
  },
};

export const newsletterTexts = (locale: UiLocaleCode | undefined) =>
  NEWSLETTER_TEXTS[locale ?? DEFAULT_UI_LOCALE];
