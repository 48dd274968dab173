import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';

/** The platform's languages, in one place: code and display name. */
export const LANGUAGES = [
  { code: 'yo', name: 'Yoruba' },
  { code: 'en', name: 'English' },
  { code: 'ha', name: 'Hausa' },
  { code: 'ig', name: 'Igbo' },
  { code: 'pcm', name: 'Nigerian Pidgin' },
] as const;
export type LanguageCodeValue = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES: readonly LanguageCodeValue[] = LANGUAGES.map((l) => l.code);

export const LanguageCode = Type.Union(LANGUAGES.map((l) => Type.Literal(l.code)));
export type LanguageCode = Static<typeof LanguageCode>;

/** The language a person records in until they choose another. */
export const DEFAULT_LANGUAGE: LanguageCode = 'yo';

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

export function languageName(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)!.name;
}

/** The Yoruba dialects a donor speaks on Donate Your Voice (SPEC §3). */
export const DIALECTS = ['standard-yoruba', 'ekiti-yoruba', 'ijebu-yoruba', 'other'] as const;
export const Dialect = Type.Union(DIALECTS.map((d) => Type.Literal(d)));
export type Dialect = Static<typeof Dialect>;

/**
 * GET/PUT /api/user/preferences: what the person chose on Speak (language) and Donate (dialect), remembered
 * server-side. A PUT without a dialect keeps the stored one.
 */
export const UserPreferences = StrictObject({
  language: LanguageCode,
  dialect: Type.Optional(Dialect),
});
export type UserPreferences = Static<typeof UserPreferences>;
