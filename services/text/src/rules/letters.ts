import type { LanguageCode } from '@platform/contracts';

/** Combining marks, as they appear once a sentence is decomposed (NFD). */
export const GRAVE = '\u0300';
export const ACUTE = '\u0301';
export const MACRON = '\u0304';
export const DOT_ABOVE = '\u0307';
export const DOT_BELOW = '\u0323';
/** The Yoruba tone marks: a sentence of several words needs at least one. */
export const TONE_MARKS: readonly string[] = [GRAVE, ACUTE];

/**
 * A language's letters: each base letter (lower case, after NFD) must be in `letters`, and each combining
 * mark must be allowed on the base letter it follows.
 */
export interface LetterSet {
  letters: string;
  marks: Readonly<Record<string, string>>;
}

export const LETTER_SETS: Readonly<Record<LanguageCode, LetterSet>> = {
  // The Yoruba alphabet (gb is g + b): ẹ ọ ṣ with a dot below; tones on vowels and syllabic m, n.
  yo: {
    letters: 'abdefghijklmnoprstuwy',
    marks: { [GRAVE]: 'aeioumn', [ACUTE]: 'aeioumn', [DOT_BELOW]: 'eos' },
  },
  en: { letters: 'abcdefghijklmnopqrstuvwxyz', marks: {} },
  pcm: { letters: 'abcdefghijklmnopqrstuvwxyz', marks: {} },
  // Hausa, Boko orthography: no p, q, v, x; hooked ɓ ɗ ƙ ƴ.
  ha: { letters: 'abcdefghijklmnorstuwyzɓɗƙƴ', marks: {} },
  // Igbo, standard (Ọnwụ) orthography: no q or x; c only inside ch; ị ọ ụ ṅ; optional tones.
  ig: {
    letters: 'abcdefghijklmnoprstuvwyz',
    marks: {
      [DOT_BELOW]: 'iou',
      [DOT_ABOVE]: 'n',
      [GRAVE]: 'aeioumn',
      [ACUTE]: 'aeioumn',
      [MACRON]: 'aeioumn',
    },
  },
};

/** What a sentence's letters break, or null: a letter outside the set, a mark on the wrong letter. */
export interface LetterProblem {
  /** The offending character (a base letter, or a combining mark). */
  char: string;
  /** The base letter a misplaced mark follows ('' when it follows no letter). */
  base?: string;
}

const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

/** The form the letter checks read: decomposed (NFD) and lower-cased. */
export const lettersForm = (text: string): string => text.normalize('NFD').toLowerCase();

/**
 * The first letter or mark of `text` that `language` does not have, or null. Characters that are neither
 * letters nor marks (spaces, punctuation) are not judged here and end a letter's run of marks. `decomposed`
 * is lettersForm(text), for a caller that has it already.
 */
export function foreignLetter(
  text: string,
  language: LanguageCode,
  decomposed: string = lettersForm(text),
): LetterProblem | null {
  const set = LETTER_SETS[language];
  let base = '';
  for (const ch of decomposed) {
    if (MARK.test(ch)) {
      const allowedOn = set.marks[ch];
      if (!allowedOn || !base || !allowedOn.includes(base)) return { char: ch, base };
    } else if (LETTER.test(ch)) {
      if (!set.letters.includes(ch)) return { char: ch };
      base = ch;
    } else {
      base = '';
    }
  }
  return languageSpecificProblem(decomposed, language);
}

/** Letter rules a plain set cannot express. */
function languageSpecificProblem(lower: string, language: LanguageCode): LetterProblem | null {
  if (language === 'ig' && /c(?!h)/u.test(lower)) return { char: 'c' };
  // Two tone marks on one Yoruba vowel is no letter of the alphabet (always a typo).
  if (language === 'yo') {
    const doubled = /[\u0300\u0301]\u0323?[\u0300\u0301]/u.exec(lower);
    if (doubled) return { char: doubled[0] };
  }
  return null;
}

/** True when the text carries at least one tone mark (grave or acute), in any normalisation form. */
export const hasToneMark = (text: string): boolean => {
  const decomposed = text.normalize('NFD');
  return TONE_MARKS.some((mark) => decomposed.includes(mark));
};
