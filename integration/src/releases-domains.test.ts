import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
// The real text service, over real HTTP: the feed carries each sentence's domains to the speech copy.
import type { ServiceApp } from '@platform/service-kit';
import {
  SENTENCE_CURSOR,
  SENTENCE_DOMAINS_MIGRATION,
  selectionCounts,
  startSpeech,
} from '@platform/speech-service/testing';
import { insertSentences, startTextService } from './support/speech-with-text';

const row = {
  citation: 'Written for the tests.',
  license: 'CC0-1.0',
  source: 'write' as const,
  status: 'validated' as const,
  language: 'yo' as const,
};

describe('the speech copy of sentences knows their domains (a dataset can filter by them)', () => {
  let mongo: TestMongo;
  let text: ServiceApp;

  beforeAll(async () => {
    mongo = await startTestMongo();
    ({ app: text } = await startTextService({ mongo }));
    await insertSentences(text.database!.db, text.sequenceWriter, [
      { ...row, text: 'Ẹ lọ sí ilé ìwòsàn.', domains: ['health'] },
      { ...row, text: 'Àgbẹ̀ ń gbin àgbàdo.', domains: ['agriculture-food', 'general'] },
      { ...row, text: 'Ó dàbọ̀.' },
    ]);
  }, 60_000);
  afterAll(async () => {
    await text?.close();
    await mongo?.stop();
  });

  it('stores the domains the text service sends, and fills an older copy once', async () => {
    const port = (text.server.address() as { port: number }).port;
    const speech = await startSpeech({
      mongo,
      dbName: uniqueDbName('speech'),
      textUrl: `http://127.0.0.1:${port}`,
    });
    try {
      expect((await speech.app.sentenceSync.syncOnce()).applied).toBe(3);
      const domainsOf = async () =>
        Object.fromEntries((await speech.col.sentences.find().toArray()).map((s) => [s.text, s.domains]));
      const expected = {
        'Ẹ lọ sí ilé ìwòsàn.': ['health'],
        'Àgbẹ̀ ń gbin àgbàdo.': ['agriculture-food', 'general'],
        'Ó dàbọ̀.': [],
      };
      expect(await domainsOf()).toEqual(expected);
      const db = speech.app.database!.db;
      const sources = {
        include: ['sentences' as const],
        languages: [],
        domains: ['health' as const],
        categories: [],
      };
      expect((await selectionCounts(speech.stores, sources)).sentences).toBe(1);

      // A copy made before the feed carried domains: none stored, the cursor at the end, no migration noted.
      await speech.col.sentences.updateMany({}, { $unset: { domains: '' } });
      await speech.col.syncState.deleteOne({ _id: SENTENCE_DOMAINS_MIGRATION });
      expect((await speech.col.syncState.findOne({ _id: SENTENCE_CURSOR }))!.after).toBeGreaterThan(0);
      const restarted = await startSpeech({
        mongo,
        dbName: db.databaseName,
        textUrl: `http://127.0.0.1:${port}`,
      });
      try {
        expect((await restarted.app.sentenceSync.syncOnce()).applied).toBe(3);
        expect(await domainsOf()).toEqual(expected);
        // Once only: the next runs read nothing again, in this process or after another restart.
        expect((await restarted.app.sentenceSync.syncOnce()).applied).toBe(0);
      } finally {
        await restarted.close();
      }
      const again = await startSpeech({
        mongo,
        dbName: db.databaseName,
        textUrl: `http://127.0.0.1:${port}`,
      });
      try {
        expect((await again.app.sentenceSync.syncOnce()).applied).toBe(0);
      } finally {
        await again.close();
      }
    } finally {
      await speech.close();
    }
  }, 60_000);
});
