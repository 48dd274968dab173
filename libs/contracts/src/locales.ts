import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';
import { UI_LOCALES } from './locale-codes';

export {
  UI_LOCALES,
  UI_LOCALE_CODES,
  DEFAULT_UI_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  isUiLocale,
  pageInLanguage,
} from './locale-codes';
export type { UiLocaleCode } from './locale-codes';

export const UiLocale = Type.Union(UI_LOCALES.map((l) => Type.Literal(l.code)));

/** PUT /auth/locale: a signed-in person's interface language, kept with the account. */
export const LocaleBody = StrictObject({ locale: UiLocale });
export type LocaleBody = Static<typeof LocaleBody>;
export const LocaleReply = StrictObject({ ok: Type.Literal(true), locale: UiLocale });
export type LocaleReply = Static<typeof LocaleReply>;
