import { rm } from 'node:fs/promises';
import { ObjectId } from 'mongodb';
import type { ServiceApp } from '@platform/service-kit';
import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
// The real text service, over real HTTP (startTextService): the sync is the contract between the two.
import { as, startSpeech, type SpeechHarness } from '@platform/speech-service/testing';
import {
  insertSentences,
  type NewSentence,
  setSentenceStatus,
  startTextService,
  textSentences,
  yorubaSeedDir,
} from './support/speech-with-text';

const row = {
  citation: 'Written for the tests.',
  license: 'CC0-1.0',
  source: 'write' as const,
  status: 'validated' as const,
};
const lines = (n: number, prefix: string) =>
  [...Array(n)].map((_, i) => ({ ...row, language: 'en' as const, text: `${prefix} number ${i}.` }));

describe('speech keeps its copy of recordable sentences in step with the text service', () => {
  let mongo: TestMongo;
  let seedDir: string;
  let text: ServiceApp;
  let textPort = 0;
  const textDb = uniqueDbName('text');
  const speechDb = uniqueDbName('speech');

  /** Starts the text service, at the same address and database again after a stop. */
  const startText = async () => {
    ({ app: text, port: textPort } = await startTextService({
      mongo,
      dbName: textDb,
      seedDir,
      port: textPort,
    }));
  };
  const speechAt = (options: Parameters<typeof startSpeech>[0] = {}) =>
    startSpeech({ mongo, dbName: speechDb, textUrl: `http://127.0.0.1:${textPort}`, ...options });
  const addToText = (items: NewSentence[]) => insertSentences(text.database!.db, text.sequenceWriter, items);

  beforeAll(async () => {
    mongo = await startTestMongo();
    seedDir = await yorubaSeedDir(['Ẹ káàárọ̀.', 'Ẹ kú iṣẹ́.', 'Ó dàbọ̀.']);
    await startText();
  }, 60_000);
  afterAll(async () => {
    await text?.close();
    await mongo?.stop();
    await rm(seedDir, { recursive: true, force: true });
  });

  it('catches up after the speech service was down: everything on first start, then only what is new', async () => {
    await addToText(lines(1200, 'Early'));
    let speech: SpeechHarness = await speechAt();
    try {
      const first = await speech.app.sentenceSync.syncOnce();
      expect(first.applied).toBe(1203);
      expect(await speech.col.sentences.countDocuments({ recordable: true })).toBe(1203);
      expect(
        (await speech.app.inject({ url: '/api/sentences?lang=yo&count=20', headers: as('ada') })).json(),
      ).toHaveLength(3);
      // A recording was counted before the restart; the catch-up must not reset it.
      const counted = (await speech.col.sentences.findOne({ language: 'yo' }))!;
      await speech.col.sentences.updateOne({ _id: counted._id }, { $set: { recordingCount: 4 } });
    } finally {
      await speech.close();
    }

    await addToText(lines(30, 'While speech was down'));
    speech = await speechAt();
    try {
      const second = await speech.app.sentenceSync.syncOnce();
      expect(second.applied).toBe(30);
      expect(await speech.col.sentences.countDocuments({})).toBe(1233);
      expect(await speech.col.sentences.countDocuments({ recordingCount: 4 })).toBe(1);
      expect((await speech.app.sentenceSync.syncOnce()).applied).toBe(0);
    } finally {
      await speech.close();
    }
  }, 120_000);

  it('catches up after the text service was down, by itself, with the loop running', async () => {
    const speech = await speechAt({ startSync: true, syncIntervalMs: 100 });
    try {
      await speech.app.sentenceSync.syncOnce();
      const before = await speech.col.sentences.countDocuments({});
      await text.close();
      await expect(speech.app.sentenceSync.syncOnce()).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 400));
      expect(speech.app.sentenceSync.lastError).not.toBeNull();

      await startText();
      await addToText(lines(7, 'After text came back'));
      const deadline = Date.now() + 15_000;
      while ((await speech.col.sentences.countDocuments({})) < before + 7 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await speech.col.sentences.countDocuments({})).toBe(before + 7);
      while (speech.app.sentenceSync.lastError && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(speech.app.sentenceSync.lastError).toBeNull();
    } finally {
      await speech.close();
    }
  }, 60_000);

  it('makes a sentence validated later recordable without a restart, and a rejected one unrecordable', async () => {
    const speech = await speechAt();
    try {
      await addToText([{ ...row, language: 'pcm', status: 'pending', text: 'Dis one never ready.' }]);
      await speech.app.sentenceSync.syncOnce();
      const round = async () =>
        (await speech.app.inject({ url: '/api/sentences?lang=pcm', headers: as('ada') })).json();
      expect(await round()).toEqual([]);
      const pending = await textSentences(text.database!.db).findOne({ language: 'pcm' });
      await setSentenceStatus(text.database!.db, text.sequenceWriter, pending!._id!, 'validated');
      await speech.app.sentenceSync.syncOnce();
      expect(await round()).toEqual([
        { id: pending!._id!.toHexString(), text: 'Dis one never ready.', language: 'pcm' },
      ]);
      await setSentenceStatus(text.database!.db, text.sequenceWriter, pending!._id!, 'rejected');
      await speech.app.sentenceSync.syncOnce();
      expect(await round()).toEqual([]);
    } finally {
      await speech.close();
    }
  });

  it('passes a report on to the text service, and keeps it until the text service has it', async () => {
    const speech = await speechAt();
    try {
      await speech.app.sentenceSync.syncOnce();
      const target = (await speech.col.sentences.findOne({ language: 'yo' }))!;
      const res = await speech.app.inject({
        method: 'POST',
        url: `/api/sentences/${target._id}/report`,
        headers: as('ada'),
        payload: { reason: 'other', details: 'A tone mark is missing.' },
      });
      expect(res.statusCode).toBe(200);
      await text.close();
      await expect(speech.app.sentenceSync.syncOnce()).rejects.toThrow();
      expect(await speech.col.sentenceMarks.countDocuments({ flagPending: true })).toBe(1);
      await startText();
      expect((await speech.app.sentenceSync.syncOnce()).flagsForwarded).toBe(1);
      expect(await speech.col.sentenceMarks.countDocuments({ flagPending: true })).toBe(0);
      const flag = await text
        .database!.db.collection('sentence_flags')
        .findOne({ sentenceId: new ObjectId(target._id) });
      expect(flag).toMatchObject({ reason: 'other', details: 'A tone mark is missing.', reporterId: 'ada' });
    } finally {
      await speech.close();
    }
  }, 60_000);
});
