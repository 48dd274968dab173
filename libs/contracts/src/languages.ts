import { Type, type Static } from '@sinclair/typebox';

/** The platform's languages, in one place: code and display name. */
export const LANGUAGES = [
  { code: 'yo', name: 'Yoruba' },
  { code: 'en', name: 'English' },
  { code: 'ha', name: 'Hausa' },
  { code: 'ig', name: 'Igbo' },
  { code: 'pcm', name: 'Nigerian Pidgin' },
] as const;
export type LanguageCodeValue = (typeof LANGUAGES)[number]['code'];

export const LanguageCode = Type.Union(LANGUAGES.map((l) => Type.Literal(l.code)));
export type LanguageCode = Static<typeof LanguageCode>;
