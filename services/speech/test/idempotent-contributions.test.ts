import { ObjectId } from 'mongodb';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@platform/contracts';
import type { TextPairCopyDoc } from '../src/text-pairs/store';
import { addSentences, as, multipart, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { tone } from './support/wav';

type Part = Parameters<typeof multipart>[0][number];

/**
 * A phone's queue sends a contribution again when its answer was lost, with the Idempotency-Key it made for
 * it: the speech service stores it once and answers the retry with the first answer.
 */
describe('speech contributions sent twice with one Idempotency-Key', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech();
  }, 60_000);
  afterAll(() => h?.close());

  const keyed = (who: string, key: string) => ({ ...as(who), [IDEMPOTENCY_KEY_HEADER]: key });
  // A new boundary every time (multipart() draws one), as a browser makes for each try.
  const send = (url: string, headers: Record<string, string>, parts: Part[]) => {
    const body = multipart(parts);
    return h.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const take = (sentenceId: string, data = chromiumWebm('speech')): Part[] => [
    { name: 'sentenceId', value: sentenceId },
    { name: 'audio', filename: 'take.webm', type: 'audio/webm', data },
  ];
  const audioFiles = () => h.app.database!.db.collection('audio.files').countDocuments();

  it('stores a recording once, its audio included, and answers the retry as the first try', async () => {
    const [sentenceId] = await addSentences(h.col, 'yo', ['Ẹ káàbọ̀ sí ilé wa.']);
    const filesBefore = await audioFiles();
    const first = await send('/api/recordings', keyed('ada', 'take-0001-ada'), take(sentenceId!));
    expect(first.statusCode).toBe(201);
    const retry = await send('/api/recordings', keyed('ada', 'take-0001-ada'), take(sentenceId!));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await h.col.recordings.countDocuments({ sentenceId, speakerId: 'ada' })).toBe(1);
    expect(await audioFiles()).toBe(filesBefore + 1);
    expect((await h.col.sentences.findOne({ _id: sentenceId! }))?.recordingCount).toBe(1);
  });

  it('refuses another take under the same key with 422, keeping none of its audio', async () => {
    const [sentenceId] = await addSentences(h.col, 'yo', ['Ọjọ́ dára.']);
    expect((await send('/api/recordings', keyed('ada', 'take-0002-ada'), take(sentenceId!))).statusCode).toBe(
      201,
    );
    const filesBefore = await audioFiles();
    const other = await send(
      '/api/recordings',
      keyed('ada', 'take-0002-ada'),
      take(sentenceId!, chromiumWebm('long')),
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency.key_reused');
    expect(await audioFiles()).toBe(filesBefore);
    expect(await h.col.recordings.countDocuments({ sentenceId })).toBe(1);
  });

  it('counts a vote once, and answers the retry with the first tally', async () => {
    const [sentenceId] = await addSentences(h.col, 'yo', ['Ẹ ṣé púpọ̀.']);
    const recording = await send('/api/recordings', as('bola'), take(sentenceId!));
    const id = recording.json().id as string;
    const vote = () =>
      h.app.inject({
        method: 'POST',
        url: `/api/recordings/${id}/validate`,
        headers: keyed('chidi', 'vote-0001-chidi'),
        payload: { isValid: true },
      });
    const first = await vote();
    expect(first.statusCode).toBe(200);
    const retry = await vote();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await h.col.votes.countDocuments({ recordingId: new ObjectId(id) })).toBe(1);
    expect(await h.col.recordings.findOne({ _id: new ObjectId(id) })).toMatchObject({ yes: 1, voteCount: 1 });
  });

  it('stores a donation once, both its files included', async () => {
    const textId = new ObjectId().toHexString();
    const pair: TextPairCopyDoc = {
      _id: textId,
      source_lang_text: 'Thank you very much.',
      target_lang_text: 'Ẹ ṣé púpọ̀.',
      text_category: 'conversational',
      approved: true,
      donations: 0,
      rand: Math.random(),
      seq: 1,
    };
    await h.col.textPairs.insertOne(pair);
    await h.stores.audioPairs.countApprovedTextPairs(1);
    const donation: Part[] = [
      { name: 'text_id', value: textId },
      { name: 'user_dialect', value: 'standard-yoruba' },
      { name: 'source_audio_file', filename: 'english.wav', type: 'audio/wav', data: tone() },
      { name: 'target_audio_file', filename: 'yoruba.wav', type: 'audio/wav', data: tone(3) },
    ];
    const filesBefore = await audioFiles();
    const first = await send('/api/audio/upload/', keyed('dayo', 'donation-0001'), donation);
    expect(first.statusCode).toBe(201);
    const retry = await send('/api/audio/upload/', keyed('dayo', 'donation-0001'), donation);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await h.col.audioPairs.countDocuments({ textId })).toBe(1);
    expect(await audioFiles()).toBe(filesBefore + 2);
    expect((await h.col.textPairs.findOne({ _id: textId }))?.donations).toBe(1);
  });
});
