import type { Db } from 'mongodb';
import { TEXT_PAIR_MAX_LENGTH, type ErrorCode, type TextCategory } from '@platform/contracts';
import { isDuplicateKey, recordActivity } from '@platform/service-kit';
import { addedEvents } from '../activity/text-activity';
import { englishSideProblem, yorubaSideProblem } from './pair-letters';
import type { Sequencer } from './pair-sequence';
import { normalisePairSide, pairKey, textPairs, type TextPairDoc } from './store';

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

/** The keys among `keys` that are stored already. */
export async function storedPairKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const docs = await textPairs(db)
    .find({ key: { $in: [...keys] } })
    .project<{ key: string }>({ key: 1, _id: 0 })
    .toArray();
  return new Set(docs.map((d) => d.key));
}

/**
 * Inserts pending pairs with consecutive change sequence numbers, unordered, and counts each one stored as
 * 'pairs.added' under its author. Answers, for each, whether it was stored: false where the unique key
 * refused it (the same pair stored meanwhile, neither stored nor counted).
 */
export async function insertPendingPairs(
  db: Db,
  writer: Sequencer,
  pairs: ReadonlyArray<Omit<TextPairDoc, 'seq'>>,
): Promise<boolean[]> {
  if (pairs.length === 0) return [];
  const stored = await writer.withSequence(pairs.length, async (first) => {
    const stored = pairs.map(() => true);
    const docs: TextPairDoc[] = pairs.map((p, i) => ({ ...p, seq: first + i }));
    try {
      await textPairs(db).insertMany(docs, { ordered: false });
    } catch (err) {
      const writeErrors = (err as { writeErrors?: unknown }).writeErrors;
      const list = (Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : []) as Array<{
        index: number;
        code: number;
      }>;
      if (list.length === 0 || !list.every(isDuplicateKey)) throw err;
      for (const e of list) stored[e.index] = false;
    }
    return stored;
  });
  await recordActivity(
    db,
    addedEvents(
      'pair',
      pairs.filter((_, i) => stored[i]),
    ),
  );
  return stored;
}
