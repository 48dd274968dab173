import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';
import { DIALECTS, LANGUAGES } from './vocabularies';

export const LanguageCode = Type.Union(LANGUAGES.map((l) => Type.Literal(l.code)));
export type LanguageCode = Static<typeof LanguageCode>;
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
