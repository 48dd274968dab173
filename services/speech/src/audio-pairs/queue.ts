import type { DonateNextReply, TextPair } from '@platform/contracts';
import type { Collections, TextPairCopyDoc } from '../collections';
import { approvedTextPairTotal, donorDonations } from './counts';

type QueueRow = Pick<TextPairCopyDoc, '_id' | 'source_lang_text' | 'target_lang_text' | 'text_category'>;

/** Of these text pairs, the ones this person donated, skipped or reported (point lookups on unique indexes). */
async function doneAmong(col: Collections, userId: string, textIds: string[]) {
  const [marks, donated] = await Promise.all([
    col.textPairMarks
      .find({ userId, textId: { $in: textIds } })
      .project<{ textId: string }>({ _id: 0, textId: 1 })
      .toArray(),
    col.audioPairs
      .find({ donorId: userId, textId: { $in: textIds } })
      .project<{ textId: string }>({ _id: 0, textId: 1 })
      .toArray(),
  ]);
  return new Set([...marks, ...donated].map((m) => m.textId));
}

/**
 * The first approved pair in queue order (fewest donations, then a fixed random key) that this person has
 * not donated, skipped or reported. Reads the `donate_queue` index a few entries at a time, growing the step,
 * and checks only those entries against the person's marks and donations, so the cost does not grow with how
 * much the person has already done.
 */
async function firstNotDone(col: Collections, userId: string): Promise<TextPair | null> {
  let offset = 0;
  for (let step = 8; ; step = Math.min(step * 4, 2048)) {
    const rows = await col.textPairs
      .find({ approved: true })
      .sort({ approved: 1, donations: 1, rand: 1 })
      .skip(offset)
      .limit(step)
      .project<QueueRow>({ source_lang_text: 1, target_lang_text: 1, text_category: 1 })
      .toArray();
    if (rows.length === 0) return null;
    const done = await doneAmong(
      col,
      userId,
      rows.map((r) => r._id),
    );
    const row = rows.find((r) => !done.has(r._id));
    if (row) {
      return {
        text_id: row._id,
        source_lang_text: row.source_lang_text,
        target_lang_text: row.target_lang_text,
        text_category: row.text_category,
      };
    }
    if (rows.length < step) return null;
    offset += rows.length;
  }
}

/**
 * Donate's next pair for one person, with 'Contribution N of M': N their donations, M the approved pairs
 * (running counts). The three are read at once.
 */
export async function nextTextPair(col: Collections, userId: string): Promise<DonateNextReply> {
  const [pair, donated, total] = await Promise.all([
    firstNotDone(col, userId),
    donorDonations(col, userId),
    approvedTextPairTotal(col),
  ]);
  return { pair, donated, total };
}
