import type { ServiceApp } from '@platform/service-kit';
import { closedPort, type TestMongo } from '@platform/service-kit/testing';
// The real text service, over real HTTP (startSpeechWithText): the figures and the sync are the contract between
// the two.
import {
  addSentences,
  as,
  chromiumWebm,
  multipart,
  startSpeech,
  type SpeechHarness,
} from '@platform/speech-service/testing';
import {
  insertSentences,
  type NewSentence,
  startSpeechWithText,
  type SpeechWithText,
} from './support/speech-with-text';

describe("a person's figures and written sentences, with the text service", () => {
  let both: SpeechWithText;
  let mongo: TestMongo;
  let text: ServiceApp;
  let speech: SpeechHarness;

  beforeAll(async () => {
    both = await startSpeechWithText({ yoruba: ['Ẹ káàárọ̀.'] });
    ({ mongo, text, speech } = both);
  }, 60_000);
  afterAll(() => both?.close());

  const stats = async (who: string) => {
    const res = await speech.app.inject({ url: '/api/user/stats', headers: as(who) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const textZero = {
    sentences: { written: 0, approved: 0 },
    textPairs: { added: 0, approved: 0 },
    reviews: 0,
  };

  it('counts recordings submitted and validated, votes cast and skips from the data', async () => {
    const [sentence] = await addSentences(speech.col, 'yo', ['Ẹ káàsán.']);
    const upload = multipart([
      { name: 'sentenceId', value: sentence! },
      { name: 'audio', filename: 'a.webm', type: 'audio/webm', data: chromiumWebm('speech') },
    ]);
    const up = await speech.app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...as('fola'), ...upload.headers },
      payload: upload.payload,
    });
    expect(up.statusCode).toBe(201);
    const recId = up.json().id as string;
    expect(await stats('fola')).toEqual({
      recordings: { submitted: 1, validated: 0 },
      votes: 0,
      skips: 0,
      donations: { submitted: 0, approved: 0 },
      ...textZero,
    });
    for (const v of ['g1', 'g2']) {
      await speech.app.inject({
        method: 'POST',
        url: `/api/recordings/${recId}/validate`,
        headers: as(v),
        payload: { isValid: true },
      });
    }
    await speech.app.inject({ method: 'POST', url: `/api/sentences/${sentence}/skip`, headers: as('g1') });
    await speech.app.inject({ method: 'POST', url: `/api/recordings/${recId}/skip`, headers: as('g1') });
    expect(await stats('fola')).toMatchObject({
      recordings: { submitted: 1, validated: 1 },
      votes: 0,
      skips: 0,
      donations: { submitted: 0, approved: 0 },
    });
    expect(await stats('g1')).toMatchObject({
      recordings: { submitted: 0, validated: 0 },
      votes: 1,
      skips: 2,
      donations: { submitted: 0, approved: 0 },
    });
    expect((await speech.app.inject({ url: '/api/user/stats' })).statusCode).toBe(401);
  });

  it('adds what the person wrote, added and reviewed, from the text service', async () => {
    const add = await text.inject({
      method: 'POST',
      url: '/api/text/add/',
      headers: as('wura'),
      payload: {
        source_lang_text: 'Good night.',
        target_lang_text: 'Ó dàárọ̀.',
        text_category: 'conversational',
      },
    });
    expect(add.statusCode).toBe(201);
    const pairId = add.json().text_id as string;
    for (const who of ['rev1', 'rev2']) {
      const res = await text.inject({
        method: 'POST',
        url: `/api/review/pair/${pairId}`,
        headers: as(who),
        payload: { verdict: 'approve' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await stats('wura')).toEqual({
      recordings: { submitted: 0, validated: 0 },
      votes: 0,
      skips: 0,
      donations: { submitted: 0, approved: 0 },
      sentences: { written: 0, approved: 0 },
      textPairs: { added: 1, approved: 1 },
      reviews: 0,
    });
    expect((await stats('rev1')).reviews).toBe(1);
  });

  it('makes a written sentence recordable on Speak once two people approve it, without a restart', async () => {
    const written: NewSentence & { authorId: string } = {
      text: 'Ilé ìwé wa tóbi gan an.',
      language: 'yo',
      citation: 'Written for the tests.',
      license: 'CC0-1.0',
      source: 'write',
      status: 'pending',
      authorId: 'writer',
    };
    expect(await insertSentences(text.database!.db, text.sequenceWriter, [written])).toBe(1);
    await speech.app.sentenceSync.syncOnce();
    const round = async () =>
      (
        (
          await speech.app.inject({ url: '/api/sentences?lang=yo&count=20', headers: as('reader') })
        ).json() as Array<{
          text: string;
        }>
      ).map((s) => s.text);
    expect(await round()).not.toContain(written.text);

    const next = await text.inject({
      url: '/api/review/next?kind=sentence&lang=yo',
      headers: as('rev1'),
    });
    const id = next.json().item.id as string;
    expect(next.json().item.text).toBe(written.text);
    for (const who of ['rev1', 'rev2']) {
      await text.inject({
        method: 'POST',
        url: `/api/review/sentence/${id}`,
        headers: as(who),
        payload: { verdict: 'approve' },
      });
    }
    await speech.app.sentenceSync.syncOnce();
    expect(await round()).toContain(written.text);
    expect((await stats('writer')).sentences).toEqual({ written: 1, approved: 1 });
  });

  it('answers 503 service.unavailable when the text service is down', async () => {
    const away = await startSpeech({ mongo, textUrl: `http://127.0.0.1:${await closedPort()}` });
    try {
      const res = await away.app.inject({ url: '/api/user/stats', headers: as('fola') });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service.unavailable', statusCode: 503 });
    } finally {
      await away.close();
    }
  });
});
