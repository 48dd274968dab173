import { TEXT_PAIR_MAX_LENGTH, TEXT_CATEGORIES } from '@platform/contracts/client';
import type { TextCategory } from '@platform/contracts';

export interface TextPairDraft {
  english: string;
  yoruba: string;
  /** '' until the person picks one. */
  category: TextCategory | '';
}

export type TextPairField = keyof TextPairDraft;

/** Catalogue keys (under addTextPair.) of the form's own guidance. */
export type FieldProblem = 'englishRequired' | 'yorubaRequired' | 'categoryRequired' | 'tooLong';

export type FieldProblems = Partial<Record<TextPairField, FieldProblem>>;

export const EMPTY_DRAFT: TextPairDraft = { english: '', yoruba: '', category: '' };

/** Characters as the text service counts them: code points of the NFC text, surrounding spaces left out. */
export const characterCount = (text: string): number => [...text.trim().normalize('NFC')].length;

export const isTextCategory = (value: string): value is TextCategory =>
  (TEXT_CATEGORIES as readonly string[]).includes(value);

/**
 * SPEC §5: English text, Yoruba text and category are all required; each side fits the text service's
 * limit. Guidance only: the text service decides (letters, tone marks, duplicates) and says why it refuses.
 */
export function checkDraft(draft: TextPairDraft): FieldProblems {
  const problems: FieldProblems = {};
  const english = characterCount(draft.english);
  const yoruba = characterCount(draft.yoruba);
  if (english === 0) problems.english = 'englishRequired';
  else if (english > TEXT_PAIR_MAX_LENGTH) problems.english = 'tooLong';
  if (yoruba === 0) problems.yoruba = 'yorubaRequired';
  else if (yoruba > TEXT_PAIR_MAX_LENGTH) problems.yoruba = 'tooLong';
  if (!draft.category) problems.category = 'categoryRequired';
  return problems;
}

/** Which field a text service refusal is about, so its message also shows under that field. */
export function fieldOfCode(code: string): TextPairField | null {
  if (code === 'text_pair.english_required' || code === 'text_pair.english_letters') return 'english';
  if (
    code === 'text_pair.yoruba_required' ||
    code === 'text_pair.yoruba_letters' ||
    code === 'text_pair.needs_tone_marks'
  )
    return 'yoruba';
  return null;
}
