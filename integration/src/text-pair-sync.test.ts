import { ObjectId } from 'mongodb';
import type { ServiceApp } from '@platform/service-kit';
// The real text service, over real HTTP (startSpeechWithText): the change feed and the flags are the contract
// between the two.
import { as, asRole, multipart, tone, type SpeechHarness } from '@platform/speech-service/testing';
import { startSpeechWithText, type SpeechWithText } from './support/speech-with-text';

type PairStatus = 'pending' | 'validated' | 'rejected';

describe('speech keeps its copy of approved text pairs in step with the text service', () => {
  let both: SpeechWithText;
  let text: ServiceApp;
  let speech: SpeechHarness;
  let n = 0;

  const pairs = () => text.database!.db.collection('text_pairs');

  /** A text pair stored as the text service stores one, with its change sequence. */
  const addPair = async (status: PairStatus) => {
    n++;
    const _id = new ObjectId();
    await text.pairSequenceWriter.withSequence(1, async (seq) => {
      await pairs().insertOne({
        _id,
        source_lang_text: `Thank you, number ${n}.`,
        target_lang_text: `Ẹ ṣé o, nọ́mbà ${n}.`,
        text_category: 'conversational',
        authorId: 'writer',
        status,
        approvals: 0,
        rejections: 0,
        reviews: 0,
        skips: 0,
        judgedBy: [],
        key: `pair-${n}-${Math.random()}`,
        createdAt: new Date(),
        seq,
      });
    });
    return _id.toHexString();
  };
  const setStatus = (id: string, status: PairStatus) =>
    text.pairSequenceWriter.withSequence(1, (seq) =>
      pairs().updateOne({ _id: new ObjectId(id) }, { $set: { status, seq } }),
    );

  beforeAll(async () => {
    both = await startSpeechWithText();
    ({ text, speech } = both);
  }, 60_000);
  afterAll(() => both?.close());

  const next = async (who = 'ada') =>
    (await speech.app.inject({ url: '/api/audio/next', headers: as(who) })).json();

  it('copies approved pairs, offers them on Donate, and takes them out of the queue when they stop being approved', async () => {
    const approved = await addPair('validated');
    const pending = await addPair('pending');
    const sync = await speech.app.textPairSync.syncOnce();
    expect(sync.applied).toBe(2);
    expect(await next()).toMatchObject({ pair: { text_id: approved }, total: 1 });

    await setStatus(pending, 'validated');
    await setStatus(approved, 'rejected');
    expect((await speech.app.textPairSync.syncOnce()).applied).toBe(2);
    expect(await next()).toMatchObject({
      pair: { text_id: pending, source_lang_text: expect.stringMatching(/^Thank you/) },
      total: 1,
    });
    // A rejected pair takes no donations either.
    const body = multipart([
      { name: 'text_id', value: approved },
      { name: 'user_dialect', value: 'standard-yoruba' },
      { name: 'source_audio_file', filename: 'en.wav', type: 'audio/wav', data: tone() },
      { name: 'target_audio_file', filename: 'yo.wav', type: 'audio/wav', data: tone() },
    ]);
    const refused = await speech.app.inject({
      method: 'POST',
      url: '/api/audio/upload/',
      headers: { ...as('ada'), ...body.headers },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(404);
    expect((await speech.app.textPairSync.syncOnce()).applied).toBe(0);
  });

  it('passes a Donate report on to the text service’s flags, and keeps it until the text service has it', async () => {
    const id = await addPair('validated');
    await speech.app.textPairSync.syncOnce();
    const res = await speech.app.inject({
      method: 'POST',
      url: `/api/audio/pairs/${id}/report`,
      headers: as('ada'),
      payload: { reason: 'other', details: 'The Yoruba says something else.' },
    });
    expect(res.statusCode).toBe(200);
    expect((await next()).pair?.text_id).not.toBe(id);

    const forwarded = await speech.app.textPairSync.syncOnce();
    expect(forwarded.flagsForwarded).toBe(1);
    expect(await speech.col.textPairMarks.countDocuments({ flagPending: true })).toBe(0);
    const flag = await text
      .database!.db.collection('text_pair_flags')
      .findOne({ textPairId: new ObjectId(id) });
    expect(flag).toMatchObject({
      reason: 'other',
      details: 'The Yoruba says something else.',
      reporterId: 'ada',
    });
  });

  it('counts a person’s donations, and the approved ones, in /api/user/stats', async () => {
    const [a, b] = [await addPair('validated'), await addPair('validated')];
    await speech.app.textPairSync.syncOnce();
    const donate = async (textId: string) => {
      const body = multipart([
        { name: 'text_id', value: textId },
        { name: 'user_dialect', value: 'ijebu-yoruba' },
        { name: 'source_audio_file', filename: 'en.wav', type: 'audio/wav', data: tone() },
        { name: 'target_audio_file', filename: 'yo.wav', type: 'audio/wav', data: tone() },
      ]);
      const res = await speech.app.inject({
        method: 'POST',
        url: '/api/audio/upload/',
        headers: { ...as('kemi'), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().audio_id as string;
    };
    const first = await donate(a);
    await donate(b);
    await speech.app.inject({
      method: 'POST',
      url: `/api/audio/${first}/decision`,
      headers: asRole('rita', 'reviewer'),
      payload: { status: 'approved' },
    });
    const stats = await speech.app.inject({ url: '/api/user/stats', headers: as('kemi') });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().donations).toEqual({ submitted: 2, approved: 1 });
  });
});
