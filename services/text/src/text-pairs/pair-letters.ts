/**
 * The letter checks of a text pair's two sides: English letters on the English side; the Yoruba alphabet
 * (with ẹ ọ ṣ and tone marks) on the Yoruba side, and tone marks on a Yoruba text of several words.
 *
 * The letter sets are those of services/text/seed/check.mjs. When the shared rules module
 * (services/text/src/rules/, `checkSentenceLetters(text, lang)`) is in, this file should call it instead of
 * keeping its own copy of the Yoruba and English sets.
 */

const GRAVE = '\u0300';
const ACUTE = '\u0301';
const DOT_BELOW = '\u0323';

interface LetterSet {
  letters: string;
  /** Combining mark -> the base letters it may sit on. */
  marks: Record<string, string>;
}

const ENGLISH: LetterSet = { letters: 'abcdefghijklmnopqrstuvwxyz', marks: {} };
const YORUBA: LetterSet = {
  letters: 'abdefghijklmnoprstuwy',
  marks: { [GRAVE]: 'aeioumn', [ACUTE]: 'aeioumn', [DOT_BELOW]: 'eos' },
};

/** True when every letter (and every combining mark, on the letter before it) belongs to the set. */
function lettersFit(text: string, set: LetterSet): boolean {
  let base = '';
  for (const ch of text.normalize('NFD').toLowerCase()) {
    if (/\p{M}/u.test(ch)) {
      const allowedOn = set.marks[ch];
      if (!allowedOn || !base || !allowedOn.includes(base)) return false;
    } else if (/\p{L}/u.test(ch)) {
      if (!set.letters.includes(ch)) return false;
      base = ch;
    } else {
      // Digits, spaces and punctuation are not letters: a pair side may be a short paragraph.
      base = '';
    }
  }
  return true;
}

const TONE_MARK = /[\u0300\u0301]/u;

export type PairSideProblem = 'letters' | 'tone_marks' | null;

export function englishSideProblem(text: string): PairSideProblem {
  return lettersFit(text, ENGLISH) ? null : 'letters';
}

/** A Yoruba side of two or more words with no tone mark at all is untoned text: unusable for speech data. */
export function yorubaSideProblem(text: string): PairSideProblem {
  if (!lettersFit(text, YORUBA)) return 'letters';
  const words = text.split(/\s+/u).filter((w) => /\p{L}/u.test(w));
  if (words.length >= 2 && !TONE_MARK.test(text.normalize('NFD'))) return 'tone_marks';
  return null;
}
