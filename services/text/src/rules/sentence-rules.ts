import {
  SENTENCE_MAX_LENGTH,
  SENTENCE_MAX_WORDS_EXCLUSIVE,
  type ErrorCode,
  type LanguageCode,
} from '@platform/contracts';
import { foreignLetter, hasToneMark, lettersForm } from './letters';

/** The most words a sentence may have (SPEC §9: fewer than 15). */
export const MAX_WORDS = SENTENCE_MAX_WORDS_EXCLUSIVE - 1;

/** Ordinary punctuation a sentence may carry besides letters and spaces; anything else is a symbol. */
export const PUNCTUATION = '.,;:!?\'"’‘“”()-–—…';

/** Why a sentence is refused: one of the platform's error codes. */
export type SentenceRuleCode = Extract<
  ErrorCode,
  | 'sentence.empty'
  | 'sentence.has_link'
  | 'sentence.has_digits'
  | 'sentence.bad_symbols'
  | 'sentence.foreign_letters'
  | 'sentence.too_many_words'
  | 'sentence.needs_tone_marks'
>;

/** Unicode NFC, every run of whitespace (tabs, line breaks, no-break spaces) one space, trimmed. */
export const normaliseSentence = (text: string): string => text.normalize('NFC').replace(/\s+/gu, ' ').trim();

/**
 * The key two sentences are the same by: NFC, case folded, without punctuation, symbols or whitespace.
 * Marks stay: Yoruba words that differ only by their tones are different words.
 */
export const duplicateKey = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '');

const LINK_PATTERNS: readonly RegExp[] = [
  /\b(?:https?|ftp):\/\//iu,
  /\bwww\./iu,
  /[^\s@]+@[^\s@]+\.[^\s@]+/u,
  /\b[\p{L}\p{N}-]+\.(?:com|org|net|edu|gov|ng|io|co|uk|info|biz|me|app|dev)\b/iu,
];

export const hasLink = (text: string): boolean => LINK_PATTERNS.some((p) => p.test(text));
export const hasDigits = (text: string): boolean => /\p{N}/u.test(text);

/** True when every character is a letter, a combining mark, a space or ordinary punctuation. */
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
export const onlyLettersAndPunctuation = (text: string): boolean => {
  for (const ch of text) {
    if (ch === ' ' || PUNCTUATION.includes(ch)) continue;
    if (LETTER_OR_MARK.test(ch)) continue;
    return false;
  }
  return true;
};

/** The words of a normalised sentence: space-separated pieces with at least one letter. */
export const wordsOf = (text: string): string[] => text.split(' ').filter((w) => /\p{L}/u.test(w));

export interface SentenceVerdict {
  /** The sentence as it would be stored: NFC, whitespace collapsed. */
  text: string;
  /** Its duplicate key (see duplicateKey). */
  key: string;
  /** The first rule it breaks; absent when it may be taken in. */
  code?: SentenceRuleCode;
}

/**
 * The rules every written sentence meets (SPEC §5's Write guidance, enforced): 1 to 14 words, no digits,
 * no web or e-mail addresses, no symbols beyond ordinary punctuation, only its language's letters, and a
 * Yoruba sentence of several words carries tone marks. The first broken rule is the answer.
 */
export function checkSentence(raw: string, language: LanguageCode): SentenceVerdict {
  const text = normaliseSentence(raw);
  const verdict = (code?: SentenceRuleCode): SentenceVerdict => ({
    text,
    key: duplicateKey(text),
    ...(code ? { code } : {}),
  });
  if (!text) return verdict('sentence.empty');
  // Longer than any sentence of fewer than 15 words: the same advice, make it shorter.
  if (text.length > SENTENCE_MAX_LENGTH) return verdict('sentence.too_many_words');
  if (hasLink(text)) return verdict('sentence.has_link');
  if (hasDigits(text)) return verdict('sentence.has_digits');
  if (!onlyLettersAndPunctuation(text)) return verdict('sentence.bad_symbols');
  const words = wordsOf(text);
  if (words.length === 0) return verdict('sentence.empty');
  const decomposed = lettersForm(text);
  if (foreignLetter(text, language, decomposed)) return verdict('sentence.foreign_letters');
  if (words.length > MAX_WORDS) return verdict('sentence.too_many_words');
  if (language === 'yo' && words.length > 1 && !hasToneMark(decomposed))
    return verdict('sentence.needs_tone_marks');
  return verdict();
}
