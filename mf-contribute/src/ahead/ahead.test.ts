import { DEFAULT_VALIDATE_BATCH_SIZE, ROUND_MAX_SIZE, VALIDATE_BATCH_MAX_SIZE } from '@platform/contracts';
import { openContributeDb } from '../queue/database';
import { BATCH_SIZE, TOP_UP_COUNT as CLIPS_TOP_UP } from '../listen/useClipDeck';
import { TOP_UP_COUNT as SENTENCES_TOP_UP } from '../speak/useSentenceRounds';
import { ClipDeck } from './clipDeck';
import { SentenceDeck } from './sentenceDeck';

const clip = (id: string) => ({ id, sentence: `Sentence of ${id}`, audioUrl: `/audio/${id}.webm` });
const bytes = (size: number) => ({ bytes: new ArrayBuffer(size), type: 'audio/webm' });
const sentence = (id: string) => ({ id, text: `Sentence ${id}`, language: 'yo' as const });

describe('the clips Listen keeps on the device', () => {
  it('keeps audio only while every kept clip stays within the byte budget', async () => {
    const db = openContributeDb();
    const deck = new ClipDeck(db, 'p1', 1000);
    await deck.add([clip('a'), clip('b'), clip('c')]);
    expect(await deck.keepAudio('a', bytes(600))).toBe(true);
    expect(await deck.keepAudio('b', bytes(600))).toBe(false);
    expect(await deck.keepAudio('c', bytes(400))).toBe(true);
    const kept = await deck.read();
    expect(kept.map((entry) => [entry.clip.id, entry.audio?.bytes.byteLength ?? 0])).toEqual([
      ['a', 600],
      ['b', 0],
      ['c', 400],
    ]);
    // Voting on one frees its share of the budget.
    await deck.drop('a');
    expect(await deck.keepAudio('b', bytes(600))).toBe(true);
    (await db).close();
  });

  it("keeps each person's clips apart, in the server's order, once each, leaving out those voted on", async () => {
    const db = openContributeDb();
    const mine = new ClipDeck(db, 'p1');
    expect(await mine.add([clip('a'), clip('b')])).toBe(2);
    expect(await mine.add([clip('b'), clip('c'), clip('d')], new Set(['d']))).toBe(1);
    await new ClipDeck(db, 'p2').add([clip('z')]);
    expect((await mine.read()).map((entry) => entry.clip.id)).toEqual(['a', 'b', 'c']);
    expect((await mine.read(new Set(['b']))).map((entry) => entry.clip.id)).toEqual(['a', 'c']);
    (await db).close();
  });
});

describe('the sentences Speak keeps on the device', () => {
  it('keeps them per person and language, in order, once each, and drops those done with', async () => {
    const db = openContributeDb();
    const yoruba = new SentenceDeck(db, 'p1', 'yo');
    expect(await yoruba.add([sentence('1'), sentence('2')])).toBe(2);
    expect(await yoruba.add([sentence('2'), sentence('3')])).toBe(1);
    await new SentenceDeck(db, 'p1', 'ha').add([sentence('9')]);
    await new SentenceDeck(db, 'p2', 'yo').add([sentence('8')]);
    await yoruba.drop('1');
    expect((await yoruba.read()).map((s) => s.id)).toEqual(['2', '3']);
    expect((await yoruba.read(new Set(['3']))).map((s) => s.id)).toEqual(['2']);
    (await db).close();
  });
});

it('asks for no more than the routes allow, and knows the size of a batch', () => {
  expect(SENTENCES_TOP_UP).toBe(ROUND_MAX_SIZE);
  expect(CLIPS_TOP_UP).toBe(VALIDATE_BATCH_MAX_SIZE);
  expect(BATCH_SIZE).toBe(DEFAULT_VALIDATE_BATCH_SIZE);
});
