/**
 * How many sentences carry Yoruba's diacritics. Standard orthography marks high (acute) and low (grave) tone on
 * vowels and syllabic nasals and leaves mid tone bare, and writes ẹ, ọ, ṣ with a dot below; text typed without
 * them (a phone keyboard's default) cannot be read aloud unambiguously. Whether every syllable that needs a mark
 * has one cannot be told without a dictionary, so a sentence counts as tone-marked when it carries at least one
 * tone mark: one with none is almost surely unmarked, since nearly every Yoruba sentence has a high or low tone.
 */
export interface ToneCoverage {
  sentences: number;
  /** At least one tone mark (acute, grave, macron, circumflex or caron). */
  toneMarked: number;
  /** At least one dot (or vertical line) below. */
  underDotted: number;
  /** Letters and no diacritic of either kind. */
  bare: number;
}

const TONE = /[\u0300\u0301\u0302\u0304\u030c]/u;
const BELOW = /[\u0323\u0329]/u;
const LETTER = /\p{L}/u;

export const emptyToneCoverage = (): ToneCoverage => ({
  sentences: 0,
  toneMarked: 0,
  underDotted: 0,
  bare: 0,
});

/** Adds one sentence to `coverage`. */
export function countToneMarks(coverage: ToneCoverage, text: string): void {
  const decomposed = text.normalize('NFD');
  const tone = TONE.test(decomposed);
  const below = BELOW.test(decomposed);
  coverage.sentences += 1;
  if (tone) coverage.toneMarked += 1;
  if (below) coverage.underDotted += 1;
  if (!tone && !below && LETTER.test(decomposed)) coverage.bare += 1;
}
