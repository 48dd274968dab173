import { foreignLetter, hasToneMark } from '../rules/letters';

/**
 * The letter checks of a text pair's two sides, with the sentence rules' letter sets: English letters on the
 * English side; the Yoruba alphabet (ẹ ọ ṣ and tone marks) on the Yoruba side, and tone marks on a Yoruba text
 * of several words. Digits and punctuation are not judged: a side may be a short paragraph.
 */
export type PairSideProblem = 'letters' | 'tone_marks' | null;

export function englishSideProblem(text: string): PairSideProblem {
  return foreignLetter(text, 'en') ? 'letters' : null;
}

/** A Yoruba side of two or more words with no tone mark at all is untoned text: unusable for speech data. */
export function yorubaSideProblem(text: string): PairSideProblem {
  if (foreignLetter(text, 'yo')) return 'letters';
  const words = text.split(/\s+/u).filter((w) => /\p{L}/u.test(w));
  if (words.length >= 2 && !hasToneMark(text)) return 'tone_marks';
  return null;
}
