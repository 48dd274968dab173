import type { Filter } from 'mongodb';
import { MAX_RECORDINGS_PER_SENTENCE, type LanguageCode, type SentenceToRecord } from '@platform/contracts';
import type { Collections, SentenceDoc } from '../collections';

/** How many candidates per needed sentence a level contributes before drawing at random among them. */
const SPREAD = 4;

const shuffle = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

/** Sentence ids this person recorded, skipped or reported in one language. */
export async function excludedSentences(col: Collections, userId: string, language: LanguageCode) {
  const marks = await col.sentenceMarks
    .find({ userId, language })
    .project<{ sentenceId: string }>({ _id: 0, sentenceId: 1 })
    .toArray();
  return new Set(marks.map((m) => m.sentenceId));
}

/**
 * A round for one person: the sentences with the fewest recordings first, never one they recorded, skipped or
 * reported, never one with 15 or more recordings. Among sentences with equal counts the round starts at a
 * random point of their fixed random keys (wrapping round), so two people rarely get the same sentences, and
 * every read walks the `round` index in order and stops as soon as the round is full.
 */
export async function pickRound(
  col: Collections,
  options: { userId: string; language: LanguageCode; count: number },
): Promise<SentenceToRecord[]> {
  const { language, count } = options;
  const excluded = await excludedSentences(col, options.userId, language);
  const base: Filter<SentenceDoc> = { language, recordable: true };
  const picked: SentenceToRecord[] = [];
  const start = Math.random();

  const take = async (filter: Filter<SentenceDoc>, level: SentenceToRecord[], wanted: number) => {
    const cursor = col.sentences
      .find(filter)
      .sort({ rand: 1 })
      .project<Pick<SentenceDoc, '_id' | 'text' | 'language'>>({ text: 1, language: 1 })
      .limit(wanted + excluded.size);
    try {
      for await (const s of cursor) {
        if (excluded.has(s._id)) continue;
        level.push({ id: s._id, text: s.text, language: s.language });
        if (level.length >= wanted) break;
      }
    } finally {
      await cursor.close();
    }
  };

  let levelCount: number | null = await nextLevel(col, base, -1);
  while (levelCount !== null && picked.length < count) {
    // Read a few times more than needed from the random start and draw from those, so rounds that start
    // near each other still differ.
    const wanted = (count - picked.length) * SPREAD;
    const level: SentenceToRecord[] = [];
    await take({ ...base, recordingCount: levelCount, rand: { $gte: start } }, level, wanted);
    if (level.length < wanted) {
      await take({ ...base, recordingCount: levelCount, rand: { $lt: start } }, level, wanted);
    }
    picked.push(...shuffle(level).slice(0, count - picked.length));
    levelCount = await nextLevel(col, base, levelCount);
  }
  return picked;
}

/** The smallest recording count above `after` (and under the cap) that some recordable sentence has. */
async function nextLevel(col: Collections, base: Filter<SentenceDoc>, after: number) {
  const next = await col.sentences.findOne(
    { ...base, recordingCount: { $gt: after, $lt: MAX_RECORDINGS_PER_SENTENCE } },
    { sort: { recordingCount: 1 }, projection: { recordingCount: 1 } },
  );
  return next ? next.recordingCount : null;
}
