import { DEFAULT_LANGUAGE, type Dialect, type LanguageCode, type UserPreferences } from '@platform/contracts';
import type { Collections } from '../collections';

export async function rememberedLanguage(col: Collections, userId: string): Promise<LanguageCode> {
  return (await col.preferences.findOne({ _id: userId }))?.language ?? DEFAULT_LANGUAGE;
}

/** The person's remembered choices: the language on Speak and, once chosen, the dialect on Donate. */
export async function rememberedPreferences(col: Collections, userId: string): Promise<UserPreferences> {
  const doc = await col.preferences.findOne({ _id: userId });
  return { language: doc?.language ?? DEFAULT_LANGUAGE, ...(doc?.dialect ? { dialect: doc.dialect } : {}) };
}

/** Stores the choices sent; a dialect left out keeps the one stored. Returns everything remembered. */
export async function rememberPreferences(
  col: Collections,
  userId: string,
  prefs: { language: LanguageCode; dialect?: Dialect },
): Promise<UserPreferences> {
  const doc = await col.preferences.findOneAndUpdate(
    { _id: userId },
    {
      $set: {
        language: prefs.language,
        ...(prefs.dialect ? { dialect: prefs.dialect } : {}),
        updatedAt: new Date(),
      },
    },
    { upsert: true, returnDocument: 'after' },
  );
  return {
    language: doc?.language ?? prefs.language,
    ...(doc?.dialect ? { dialect: doc.dialect } : {}),
  };
}
