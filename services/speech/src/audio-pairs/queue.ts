import type { DonateNextReply, TextPair } from '@platform/contracts';
import type { TextPairStore } from '../text-pairs/store';
import type { AudioPairStore } from './store';

/** What Donate's queue reads: the text pair copy with its marks, and the donations with their counts. */
export interface DonateStores {
  textPairs: TextPairStore;
  audioPairs: AudioPairStore;
}

/** Of these text pairs, the ones this person donated, skipped or reported (point lookups on unique indexes). */
async function doneAmong(stores: DonateStores, userId: string, textIds: string[]) {
  const [marked, donated] = await Promise.all([
    stores.textPairs.markedAmong(userId, textIds),
    stores.audioPairs.donatedAmong(userId, textIds),
  ]);
  return new Set([...marked, ...donated]);
}

/**
 * The first approved pair in queue order (fewest donations, then a fixed random key) that this person has
 * not donated, skipped or reported. Reads the `donate_queue` index a few entries at a time, growing the step,
 * and checks only those entries against the person's marks and donations, so the cost does not grow with how
 * much the person has already done.
 */
async function firstNotDone(stores: DonateStores, userId: string): Promise<TextPair | null> {
  let offset = 0;
  for (let step = 8; ; step = Math.min(step * 4, 2048)) {
    const rows = await stores.textPairs.queuePage(offset, step);
    if (rows.length === 0) return null;
    const done = await doneAmong(
      stores,
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
export async function nextTextPair(stores: DonateStores, userId: string): Promise<DonateNextReply> {
  const [pair, donated, total] = await Promise.all([
    firstNotDone(stores, userId),
    stores.audioPairs.donorDonations(userId),
    stores.audioPairs.approvedTextPairTotal(),
  ]);
  return { pair, donated, total };
}
