import { AUDIO_PAIR_STATUSES, DIALECTS, type AudioPairStatus, type Dialect } from '@platform/contracts';
import type { Collections } from '../collections';

/**
 * Running counts, so that View Audio Pairs' totals and Donate's 'of M' never count documents one by one:
 * audio pairs per (status, dialect), twelve counters whose sums answer every filter, and the approved text
 * pairs. Each moves by `$inc` beside the write it counts.
 */
export const APPROVED_TEXT_PAIRS = 'text_pairs:approved';
const pairKey = (status: AudioPairStatus, dialect: Dialect) => `audio_pairs:${status}:${dialect}`;

export async function countAudioPair(
  col: Collections,
  status: AudioPairStatus,
  dialect: Dialect,
  by: number,
) {
  await col.counters.updateOne({ _id: pairKey(status, dialect) }, { $inc: { n: by } }, { upsert: true });
}

/** Audio pairs with a status and/or a dialect (either may be absent: all of them). */
export async function audioPairTotal(
  col: Pick<Collections, 'counters'>,
  status?: AudioPairStatus,
  dialect?: Dialect,
) {
  const keys = AUDIO_PAIR_STATUSES.filter((s) => !status || s === status).flatMap((s) =>
    DIALECTS.filter((d) => !dialect || d === dialect).map((d) => pairKey(s, d)),
  );
  const docs = await col.counters.find({ _id: { $in: keys } }).toArray();
  return docs.reduce((sum, d) => sum + Math.max(0, d.n), 0);
}

export async function approvedTextPairTotal(col: Collections) {
  return Math.max(0, (await col.counters.findOne({ _id: APPROVED_TEXT_PAIRS }))?.n ?? 0);
}

export async function countApprovedTextPairs(col: Collections, by: number) {
  if (by === 0) return;
  await col.counters.updateOne({ _id: APPROVED_TEXT_PAIRS }, { $inc: { n: by } }, { upsert: true });
}

/**
 * Sets every counter from the data itself (one pass over each collection). Run at start when no counter
 * exists yet, i.e. on data stored before the counters were kept.
 */
export async function recountIfMissing(col: Collections) {
  if (await col.counters.findOne({})) return;
  const pairs = await col.audioPairs
    .aggregate<{ _id: { status: AudioPairStatus; dialect: Dialect }; n: number }>([
      { $group: { _id: { status: '$status', dialect: '$dialect' }, n: { $sum: 1 } } },
    ])
    .toArray();
  const approved = await col.textPairs.countDocuments({ approved: true });
  const ops = [
    ...pairs.map((p) => ({ _id: pairKey(p._id.status, p._id.dialect), n: p.n })),
    { _id: APPROVED_TEXT_PAIRS, n: approved },
  ];
  for (const op of ops) {
    await col.counters.updateOne({ _id: op._id }, { $setOnInsert: { n: op.n } }, { upsert: true });
  }
}

const donorKey = (donorId: string) => `donations:${donorId}`;

/** This person's donations ('Contribution N'): their running count, or their documents counted once. */
export async function donorDonations(col: Collections, donorId: string) {
  const counter = await col.counters.findOne({ _id: donorKey(donorId) });
  return counter ? counter.n : col.audioPairs.countDocuments({ donorId });
}

/** One more donation by this person; a count not kept yet starts from their documents (this one included). */
export async function countDonation(col: Collections, donorId: string) {
  const moved = await col.counters.updateOne({ _id: donorKey(donorId) }, { $inc: { n: 1 } });
  if (moved.matchedCount === 1) return;
  const n = await col.audioPairs.countDocuments({ donorId });
  await col.counters.updateOne({ _id: donorKey(donorId) }, { $max: { n } }, { upsert: true });
}
