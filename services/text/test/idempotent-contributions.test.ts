import { ObjectId } from 'mongodb';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@platform/contracts';
import { IDEMPOTENCY_COLLECTION } from '@platform/service-kit';
import { judgements } from '../src/review/store';
import { sentences } from '../src/sentences/store';
import { textPairs } from '../src/text-pairs/store';
import { person } from './support';
import { useTextService } from './support/harness';

/**
 * A phone's queue sends a written sentence, a batch, a text pair or a review verdict again when its answer was
 * lost, with the Idempotency-Key it made for it: the text service stores it once and answers the retry with
 * the first answer (without a key, the retry of a sentence would be refused as a duplicate).
 */
describe('text contributions sent twice with one Idempotency-Key', () => {
  const service = useTextService('text_idempotent');
  const db = () => service.app.database!.db;

  const meta = { citation: 'Written by me.', domain: ['general'], lang: 'yo', cc0Confirmed: true };
  const post = (url: string, who: string, key: string, payload: object) =>
    service.app.inject({
      method: 'POST',
      url,
      headers: { ...person(who), [IDEMPOTENCY_KEY_HEADER]: key },
      payload,
    });
  /** Sends it twice; the second answer repeats the first and says so. */
  const twice = async (url: string, who: string, key: string, payload: object, status: number) => {
    const first = await post(url, who, key, payload);
    expect(first.statusCode).toBe(status);
    const retry = await post(url, who, key, payload);
    expect(retry.statusCode).toBe(status);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    return first.json();
  };

  it('stores a written sentence once', async () => {
    const written = await twice(
      '/api/sentences',
      'ada',
      'sentence-0001',
      { ...meta, text: 'Ilé ìwé wa dára.' },
      201,
    );
    expect(await sentences(db()).countDocuments({ text: written.text, authorId: 'ada' })).toBe(1);
  });

  it('stores a batch of sentences once', async () => {
    const lines = ['Ọjọ́ ọ̀la yóò dára.', 'Àwọn ọmọdé ń ṣeré.'];
    await twice('/api/sentences/batch', 'ada', 'sentence-batch-0001', { ...meta, sentences: lines }, 201);
    expect(await sentences(db()).countDocuments({ authorId: 'ada', text: { $in: lines } })).toBe(2);
  });

  it('stores a text pair once', async () => {
    const added = await twice(
      '/api/text/add/',
      'tayo',
      'text-pair-0001',
      { source_lang_text: 'Good evening.', target_lang_text: 'Ẹ káalẹ́.', text_category: 'conversational' },
      201,
    );
    expect(await textPairs(db()).countDocuments({ authorId: 'tayo' })).toBe(1);
    expect(added.status).toBe('pending');
  });

  it('counts a review verdict once', async () => {
    const written = await post('/api/sentences', 'bola', 'sentence-0002', { ...meta, text: 'Òjò ń rọ̀.' });
    const id = written.json().id as string;
    await twice(`/api/review/sentence/${id}`, 'chidi', 'verdict-0001', { verdict: 'approve' }, 200);
    expect(await judgements(db()).countDocuments({ userId: 'chidi' })).toBe(1);
    expect(await sentences(db()).findOne({ _id: new ObjectId(id) })).toMatchObject({ approvals: 1 });
  });

  describe('sent again after the first try stored its lines and died before answering', () => {
    /** The first try's key record is gone, as when it is taken for dead: the retry runs afresh. */
    const forgetKeys = () => db().collection(IDEMPOTENCY_COLLECTION).deleteMany({});

    it('answers a sentence with the one that try stored, storing nothing more', async () => {
      const payload = { ...meta, text: 'Ẹyẹ ń fò lókè.' };
      const first = await post('/api/sentences', 'dayo', 'sentence-died-0001', payload);
      expect(first.statusCode).toBe(201);
      await forgetKeys();
      const retry = await post('/api/sentences', 'dayo', 'sentence-died-0001', payload);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(await sentences(db()).countDocuments({ authorId: 'dayo' })).toBe(1);
      // Another request (another key), or another person with that key, still meets a duplicate.
      await forgetKeys();
      expect((await post('/api/sentences', 'dayo', 'sentence-died-0002', payload)).statusCode).toBe(409);
      expect((await post('/api/sentences', 'emeka', 'sentence-died-0001', payload)).statusCode).toBe(409);
    });

    it('answers a batch as that try would have, every line taken in once', async () => {
      const lines = ['Ìyá mi ń se oúnjẹ.', 'Bàbá lọ sí oko.'];
      const first = await post('/api/sentences/batch', 'funmi', 'batch-died-0001', { ...meta, sentences: lines });
      expect(first.statusCode).toBe(201);
      await forgetKeys();
      const retry = await post('/api/sentences/batch', 'funmi', 'batch-died-0001', {
        ...meta,
        sentences: [...lines, 'Ọmọ náà ń kàwé.'],
      });
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toMatchObject({ accepted: 3, refused: 0 });
      expect(await sentences(db()).countDocuments({ authorId: 'funmi' })).toBe(3);
      await forgetKeys();
      const other = await post('/api/sentences/batch', 'funmi', 'batch-died-0002', { ...meta, sentences: lines });
      expect(other.statusCode).toBe(422);
    });
  });
});
