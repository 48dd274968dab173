import type { DonateNextReply, TextPair } from '@platform/contracts';
import type { Collections, TextPairCopyDoc } from '../collections';
import { approvedTextPairTotal } from './counts';

/** Text pairs this person donated, skipped or reported: Donate never offers them again. */
export async function excludedTextPairs(col: Collections, userId: string) {
  const [marks, donated] = await Promise.all([
    col.textPairMarks.find({ userId }).project<{ textId: string }>({ _id: 0, textId: 1 }).toArray(),
    col.audioPairs.find({ donorId: userId }).project<{ textId: string }>({ _id: 0, textId: 1 }).toArray(),
  ]);
  return { excluded: new Set([...marks, ...donated].map((m) => m.textId)), donated: donated.length };
}

/**
 * Donate's next pair for one person: the approved pair with the fewest donations (ties by a fixed random
 * key), never one they donated, skipped or reported. Walks the `donate_queue` index in order and stops at
 * the first pair not excluded, so the read costs at most the person's own exclusions plus one.
 */
export async function nextTextPair(col: Collections, userId: string): Promise<DonateNextReply> {
  const [{ excluded, donated }, total] = await Promise.all([
    excludedTextPairs(col, userId),
    approvedTextPairTotal(col),
  ]);
  const cursor = col.textPairs
    .find({ approved: true })
    .sort({ approved: 1, donations: 1, rand: 1 })
    .project<Pick<TextPairCopyDoc, '_id' | 'source_lang_text' | 'target_lang_text' | 'text_category'>>({
      source_lang_text: 1,
      target_lang_text: 1,
      text_category: 1,
    })
    .limit(excluded.size + 1)
    .batchSize(Math.min(excluded.size + 1, 1000));
  let pair: TextPair | null = null;
  try {
    for await (const p of cursor) {
      if (excluded.has(p._id)) continue;
      pair = {
        text_id: p._id,
        source_lang_text: p.source_lang_text,
        target_lang_text: p.target_lang_text,
        text_category: p.text_category,
      };
      break;
    }
  } finally {
    await cursor.close();
  }
  return { pair, donated, total };
}
