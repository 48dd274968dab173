import { DEFAULT_UI_LOCALE } from '@platform/contracts';
import type { NOTIFICATION_KINDS, UiLocaleCode } from '@platform/contracts';

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

/** The mail that confirms a new address (Settings → Account), in the person's interface language. */
export interface EmailChangeTexts {
  subject: string;
  hello: (name: string) => string;
  confirm: (email: string) => string;
  button: string;
  expires: (hours: number) => string;
  ignore: string;
}

const EMAIL_CHANGE_TEXTS: Record<UiLocaleCode, EmailChangeTexts> = {
  en: {
    subject: 'Confirm your new email address',
    hello: (name) => `Hello ${name},`,
    confirm: (email) => `Please confirm that ${email} is your new email address for your account:`,
    button: 'Confirm my new email address',
    expires: (h) =>
      `This link expires in ${h} hours and works once. Until you follow it, you sign in with your current address.`,
    ignore: 'If you did not ask for this change, you can ignore this message; nothing changes.',
  },
  yo: {
    subject: 'Jẹ́rìísí àdírẹ́sì ímeèlì tuntun rẹ',
    hello: (name) => `Ẹ n lẹ́ o ${name},`,
    confirm: (email) => `Jọ̀wọ́ jẹ́rìísí pé ${email} ni àdírẹ́sì ímeèlì tuntun fún àkáǹtì rẹ:`,
    button: 'Jẹ́rìísí àdírẹ́sì ímeèlì tuntun mi',
    expires: (h) =>
      `Ìjápọ̀ yìí yóò parí ní wákàtí ${h}, ó sì ń ṣiṣẹ́ lẹ́ẹ̀kan ṣoṣo. Títí o fi tẹ̀ ẹ́, àdírẹ́sì rẹ lọ́wọ́lọ́wọ́ ni o fi ń wọlé.`,
    ignore:
      'Tí kì í bá ṣe ìwọ ló béèrè fún àyípadà yìí, o lè fojú fo ìfiránṣẹ́ yìí; kò sí ohun tí yóò yípadà.',
  },
  ha: {
    subject: 'Tabbatar da sabon adireshin imel ɗin ka',
    hello: (name) => `Sannu ${name},`,
    confirm: (email) => `Da fatan ka tabbatar cewa ${email} shi ne sabon adireshin imel na asusun ka:`,
    button: 'Tabbatar da sabon adireshin imel ɗina',
    expires: (h) =>
      `Wannan hanyar za ta ƙare cikin awanni ${h} kuma tana aiki sau ɗaya kawai. Kafin ka bi ta, da adireshin ka na yanzu kake shiga.`,
    ignore: 'Idan ba kai ne ka nemi wannan canji ba, za ka iya watsi da wannan saƙo; babu abin da zai canza.',
  },
  ig: {
    subject: 'Kwado adreesị email ọhụrụ gị',
    hello: (name) => `Ndewo ${name},`,
    confirm: (email) => `Biko kwado na ${email} bụ adreesị email ọhụrụ maka akaụntụ gị:`,
    button: 'Kwado adreesị email ọhụrụ m',
    expires: (h) =>
      `Njikọ a ga-agwụ n’ime awa ${h}, ọ na-arụkwa ọrụ naanị otu ugboro. Ruo mgbe ị pịara ya, ị na-eji adreesị gị ugbu a abanye.`,
    ignore: 'Ọ bụrụ na ọ bụghị gị rịọrọ mgbanwe a, ị nwere ike ileghara ozi a anya; ọ dịghị ihe ga-agbanwe.',
  },
};

export const emailChangeTexts = (locale: UiLocaleCode | undefined) =>
  EMAIL_CHANGE_TEXTS[locale ?? DEFAULT_UI_LOCALE];

/** The mail to the old address when a change of address is asked for, in the person's interface language. */
export interface EmailChangeNoticeTexts {
  subject: string;
  hello: (name: string) => string;
  requested: (newEmail: string) => string;
  signedOut: string;
  notYou: string;
}

export const EMAIL_CHANGE_NOTICE_TEXTS: Record<UiLocaleCode, EmailChangeNoticeTexts> = {
  en: {
    subject: 'Your email address is being changed',
    hello: (name) => `Hello ${name},`,
    requested: (email) =>
      `Someone signed in to your account asked, in Settings, to change its email address to ${email}. The change takes effect when the link sent to that address is followed; until then you sign in with this address.`,
    signedOut: 'Every other session of your account has been signed out.',
    notYou:
      'If this was not you, change your password now (Settings → Account): that cancels the change, signs out everyone else and revokes your API tokens.',
  },
  yo: {
    subject: 'A ń yí àdírẹ́sì ímeèlì rẹ padà',
    hello: (name) => `Ẹ n lẹ́ o ${name},`,
    requested: (email) =>
      `Ẹnìkan tó wọlé sí àkáǹtì rẹ béèrè ní Ètò pé kí àdírẹ́sì ímeèlì rẹ di ${email}. Àyípadà náà yóò ṣẹlẹ̀ nígbà tí a bá tẹ ìjápọ̀ tí a fi ránṣẹ́ sí àdírẹ́sì náà; títí di ìgbà náà, àdírẹ́sì yìí ni o fi ń wọlé.`,
    signedOut: 'A ti parí gbogbo ìwọlé míràn ti àkáǹtì rẹ.',
    notYou:
      'Tí kì í bá ṣe ìwọ, yí ọ̀rọ̀ aṣínà rẹ padà nísinsìnyí (Ètò → Àkáǹtì): èyí yóò fagi lé àyípadà náà, yóò parí ìwọlé gbogbo àwọn míràn, yóò sì fagi lé àwọn àmì API rẹ.',
  },
  ha: {
    subject: 'Ana canza adireshin imel ɗin ka',
    hello: (name) => `Sannu ${name},`,
    requested: (email) =>
      `Wani da ya shiga asusun ka ya nemi a Saituna a canza adireshin imel ɗin sa zuwa ${email}. Canjin zai yi aiki idan aka bi hanyar da aka aika zuwa wannan adireshin; kafin nan da wannan adireshin kake shiga.`,
    signedOut: 'An fitar da duk sauran zaman asusun ka.',
    notYou:
      'Idan ba kai ba ne, canza kalmar sirrin ka yanzu (Saituna → Asusu): hakan zai soke canjin, ya fitar da kowa, kuma ya soke alamomin API ɗin ka.',
  },
  ig: {
    subject: 'A na-agbanwe adreesị email gị',
    hello: (name) => `Ndewo ${name},`,
    requested: (email) =>
      `Onye banyere n’akaụntụ gị rịọrọ na Ntọala ka a gbanwee adreesị email ya ka ọ bụrụ ${email}. Mgbanwe ahụ ga-amalite mgbe a soro njikọ e zigara n’adreesị ahụ; ruo mgbe ahụ, ị na-eji adreesị a abanye.`,
    signedOut: 'E wepụla nnọkọ ọ bụla ọzọ nke akaụntụ gị.',
    notYou:
      'Ọ bụrụ na ọ bụghị gị, gbanwee okwuntụghe gị ugbu a (Ntọala → Akaụntụ): nke ahụ ga-akagbu mgbanwe ahụ, wepụ onye ọ bụla ọzọ, ma kagbuo akara API gị.',
  },
};

export const emailChangeNoticeTexts = (locale: UiLocaleCode | undefined) =>
  EMAIL_CHANGE_NOTICE_TEXTS[locale ?? DEFAULT_UI_LOCALE];

/** The digest mail: one line per notification kind, and the labels of each item's details. */
export interface DigestTexts {
  subject: (count: number) => string;
  hello: (name: string) => string;
  intro: string;
  kinds: Record<(typeof NOTIFICATION_KINDS)[number], string>;
  project: string;
  task: string;
  due: string;
  by: string;
  settings: string;
}

const DIGEST_TEXTS: Record<UiLocaleCode, DigestTexts> = {
  en: {
    subject: (n) => (n === 1 ? 'You have 1 new notification' : `You have ${n} new notifications`),
    hello: (name) => `Hello ${name},`,
    intro: 'Here is what happened in your projects since your last e-mail:',
    kinds: {
      assignment: 'A task was assigned to you',
      'shared-task': 'A task was shared with you',
      reminder: 'A task of yours is due soon',
      'project-update': 'A project was updated',
    },
    project: 'Project',
    task: 'Task',
    due: 'Due',
    by: 'From',
    settings: 'You can choose which of these e-mails you get, and how often, in Settings → Notifications.',
  },
  yo: {
    subject: (n) => `O ní ìfitónilétí tuntun ${n}`,
    hello: (name) => `Ẹ n lẹ́ o ${name},`,
    intro: 'Èyí ni ohun tó ṣẹlẹ̀ nínú àwọn iṣẹ́ àkànṣe rẹ láti ìgbà ímeèlì tó kẹ́yìn:',
    kinds: {
      assignment: 'A yan iṣẹ́ kan fún ọ',
      'shared-task': 'A pín iṣẹ́ kan pẹ̀lú rẹ',
      reminder: 'Ọjọ́ ìparí iṣẹ́ rẹ kan ti súnmọ́',
      'project-update': 'A ṣe àtúnṣe sí iṣẹ́ àkànṣe kan',
    },
    project: 'Iṣẹ́ àkànṣe',
    task: 'Iṣẹ́',
    due: 'Ọjọ́ ìparí',
    by: 'Láti ọ̀dọ̀',
    settings: 'O lè yan àwọn ímeèlì tí o fẹ́ gbà, àti ìgbà mélòó, ní Ètò → Ìfitónilétí.',
  },
  ha: {
    subject: (n) => (n === 1 ? 'Kana da sabon sanarwa 1' : `Kana da sabbin sanarwa ${n}`),
    hello: (name) => `Sannu ${name},`,
    intro: 'Ga abin da ya faru a cikin ayyukan ka tun imel ɗin ka na ƙarshe:',
    kinds: {
      assignment: 'An ba ka wata ɗawainiya',
      'shared-task': 'An raba maka wata ɗawainiya',
      reminder: 'Ranar ƙarshe ta wata ɗawainiyar ka ta kusa',
      'project-update': 'An sabunta wani aiki',
    },
    project: 'Aiki',
    task: 'Ɗawainiya',
    due: 'Ranar ƙarshe',
    by: 'Daga',
    settings: 'Za ka iya zaɓar imel ɗin da kake so, da yawan su, a Saituna → Sanarwa.',
  },
  ig: {
    subject: (n) => (n === 1 ? 'Ị nwere ọkwa ọhụrụ 1' : `Ị nwere ọkwa ọhụrụ ${n}`),
    hello: (name) => `Ndewo ${name},`,
    intro: 'Nke a bụ ihe mere n’atụmatụ ọrụ gị kemgbe email gị ikpeazụ:',
    kinds: {
      assignment: 'E nyere gị otu ọrụ',
      'shared-task': 'E kerịtara otu ọrụ gị',
      reminder: 'Ụbọchị njedebe otu ọrụ gị eruola nso',
      'project-update': 'E melitere otu atụmatụ ọrụ',
    },
    project: 'Atụmatụ ọrụ',
    task: 'Ọrụ',
    due: 'Ụbọchị njedebe',
    by: 'Site n’aka',
    settings: 'Ị nwere ike ịhọrọ email ndị ị chọrọ, na ugboro ole, na Ntọala → Ọkwa.',
  },
};

export const digestTexts = (locale: UiLocaleCode | undefined) => DIGEST_TEXTS[locale ?? DEFAULT_UI_LOCALE];
