import { DEFAULT_LANGUAGE, type LanguageCode } from '@platform/contracts';
import type { Collections } from '../collections';

export async function rememberedLanguage(col: Collections, userId: string): Promise<LanguageCode> {
  return (await col.preferences.findOne({ _id: userId }))?.language ?? DEFAULT_LANGUAGE;
}

export async function rememberLanguage(col: Collections, userId: string, language: LanguageCode) {
  await col.preferences.updateOne(
    { _id: userId },
    { $set: { language, updatedAt: new Date() } },
    { upsert: true },
  );
}
