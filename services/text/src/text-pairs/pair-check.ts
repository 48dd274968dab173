import { TEXT_PAIR_MAX_LENGTH, type ErrorCode, type TextCategory } from '@platform/contracts';
import { englishSideProblem, yorubaSideProblem } from './pair-letters';
import { normalisePairSide, pairKey, type TextPairDoc } from './store';

/** A text pair that passed the rules: both sides as stored, and its duplicate key. */
export interface CheckedPair {
  english: string;
  yoruba: string;
  key: string;
}

/**
 * Add Text Pair's rules for one pair (both sides present, at most TEXT_PAIR_MAX_LENGTH characters, the
 * right letters, tone marks on Yoruba): the pair as stored, or the code of the first rule it breaks.
 */
export function checkPair(source: string, target: string): CheckedPair | { code: ErrorCode } {
  const english = normalisePairSide(source);
  const yoruba = normalisePairSide(target);
  if (!english) return { code: 'text_pair.english_required' };
  if (!yoruba) return { code: 'text_pair.yoruba_required' };
  if ([...english].length > TEXT_PAIR_MAX_LENGTH || [...yoruba].length > TEXT_PAIR_MAX_LENGTH) {
    return { code: 'text_pair.too_long' };
  }
  if (englishSideProblem(english)) return { code: 'text_pair.english_letters' };
  const yorubaProblem = yorubaSideProblem(yoruba);
  if (yorubaProblem === 'letters') return { code: 'text_pair.yoruba_letters' };
  if (yorubaProblem === 'tone_marks') return { code: 'text_pair.needs_tone_marks' };
  return { english, yoruba, key: pairKey(english, yoruba) };
}

/** A pending pair of `authorId`, waiting for review, as Add Text Pair stores it (without its seq). */
export function pendingPair(
  pair: CheckedPair,
  category: TextCategory,
  authorId: string,
  createdAt = new Date(),
): Omit<TextPairDoc, 'seq'> {
  return {
    source_lang_text: pair.english,
    target_lang_text: pair.yoruba,
    text_category: category,
    authorId,
    status: 'pending',
    approvals: 0,
    rejections: 0,
    reviews: 0,
    skips: 0,
    judgedBy: [],
    key: pair.key,
    createdAt,
  };
}
