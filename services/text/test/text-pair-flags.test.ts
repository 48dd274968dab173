import { ObjectId } from 'mongodb';
import type { ServiceApp } from '@platform/service-kit';
import {
  signInjectedRequests,
  startTestMongo,
  uniqueDbName,
  type TestMongo,
} from '@platform/service-kit/testing';
import { buildApp } from '../src/app';
import { TEXT_PAIR_FLAGS } from '../src/text-pairs/store';
import { indexesReady, person, SECRET, speech } from './support';

describe('POST /internal/text-pairs/:id/flags (Donate reports passed on by the speech service)', () => {
  let mongo: TestMongo;
  let app: ServiceApp;
  let pairId = '';

  beforeAll(async () => {
    mongo = await startTestMongo();
    app = signInjectedRequests(
      await buildApp({
        mongoUri: mongo.uri,
        dbName: uniqueDbName('text_flags'),
        identitySecret: SECRET,
        logger: false,
        seedDir: false,
      }),
      SECRET,
      'text',
    );
    await app.ready();
    await indexesReady(app);
    const added = await app.inject({
      method: 'POST',
      url: '/api/text/add',
      headers: person('writer'),
      payload: {
        source_lang_text: 'Thank you.',
        target_lang_text: 'Ẹ ṣé o.',
        text_category: 'conversational',
      },
    });
    expect(added.statusCode).toBe(201);
    pairId = added.json().text_id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mongo?.stop();
  });

  const flag = (id: string, body: object, headers = speech) =>
    app.inject({ method: 'POST', url: `/internal/text-pairs/${id}/flags`, headers, payload: body });
  const report = (extra: object = {}) => ({
    reason: 'wrong-translation',
    reporterId: 'ada',
    reportedAt: new Date().toISOString(),
    ...extra,
  });

  it('keeps each report with the pair and answers how many it has', async () => {
    const first = await flag(pairId, report());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: pairId, flags: 1 });
    const second = await flag(
      pairId,
      report({ reason: 'other', details: '  Not Yoruba.  ', reporterId: 'bola' }),
    );
    expect(second.json()).toEqual({ id: pairId, flags: 2 });
    const stored = await app
      .database!.db.collection(TEXT_PAIR_FLAGS)
      .find({ textPairId: new ObjectId(pairId) })
      .sort({ reporterId: 1 })
      .toArray();
    expect(stored).toMatchObject([
      { reason: 'wrong-translation', reporterId: 'ada' },
      { reason: 'other', reporterId: 'bola', details: 'Not Yoruba.' },
    ]);
  });

  it('answers 404 for a pair it does not have, and keeps nothing', async () => {
    const before = await app.database!.db.collection(TEXT_PAIR_FLAGS).countDocuments();
    for (const id of [new ObjectId().toHexString(), 'not-an-id']) {
      const res = await flag(id, report());
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('audio_pair.unknown_text_pair');
    }
    expect(await app.database!.db.collection(TEXT_PAIR_FLAGS).countDocuments()).toBe(before);
  });

  it('needs details for a report of kind other', async () => {
    const res = await flag(pairId, report({ reason: 'other' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('report.details_required');
  });

  it('is for the speech service only, not for a person', async () => {
    expect((await flag(pairId, report(), person('ada'))).statusCode).toBe(403);
  });
});
