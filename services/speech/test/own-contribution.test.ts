import type { LightMyRequestResponse } from 'fastify';
import { ObjectId } from 'mongodb';
import { ERROR_MESSAGES, type ErrorCode, type Role } from '@platform/contracts';
import { ACTIVITY_COLLECTION } from '@platform/service-kit';
import { addSentences, asRole, multipart, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { wav } from './support/wav';

/**
 * The review rule, for every review action the speech service serves: nobody decides on their own
 * contribution, whatever their role. Each action is tried by the contributor and must answer 403 with its
 * code and leave the item, its votes, the running counts and the activity counts as they were.
 */
describe('speech service: nobody decides on their own contribution', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  type Headers = Record<string, string>;
  const db = () => h.app.database!.db;

  /** A take recorded through POST /api/recordings. */
  const record = async (headers: Headers) => {
    const [sentenceId] = await addSentences(h.col, 'en', [`Please read sentence ${new ObjectId()} aloud.`]);
    const body = multipart([
      { name: 'sentenceId', value: sentenceId! },
      { name: 'audio', filename: 'take.webm', type: 'audio/webm', data: chromiumWebm('speech') },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  /** A donation through POST /api/audio/upload, of an approved text pair in the service's copy. */
  const donate = async (headers: Headers) => {
    const textId = new ObjectId().toHexString();
    await h.col.textPairs.insertOne({
      _id: textId,
      source_lang_text: 'Good afternoon.',
      target_lang_text: 'Ẹ káàsán.',
      text_category: 'conversational',
      approved: true,
      donations: 0,
      rand: Math.random(),
      seq: 1,
    });
    await h.stores.audioPairs.countApprovedTextPairs(1);
    const body = multipart([
      { name: 'text_id', value: textId },
      { name: 'user_dialect', value: 'standard-yoruba' },
      { name: 'source_audio_file', filename: 'en.wav', type: 'audio/wav', data: wav({ seconds: 2 }) },
      { name: 'target_audio_file', filename: 'yo.wav', type: 'audio/wav', data: wav({ seconds: 3 }) },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ audio_id: string }>().audio_id;
  };

  const vote = (isValid: boolean) => (id: string, headers: Headers) =>
    h.app.inject({ method: 'POST', url: `/api/recordings/${id}/validate`, headers, payload: { isValid } });
  const decide = (status: string) => (id: string, headers: Headers) =>
    h.app.inject({ method: 'POST', url: `/api/audio/${id}/decision`, headers, payload: { status } });

  /** Everything a vote or a decision writes. */
  const snapshot = async (id: string) => ({
    recording: await h.col.recordings.findOne({ _id: new ObjectId(id) }),
    audioPair: await h.col.audioPairs.findOne({ _id: new ObjectId(id) }),
    votes: await h.col.votes.countDocuments(),
    counters: await h.col.counters.find({}, { sort: { _id: 1 } }).toArray(),
    activity: await db()
      .collection(ACTIVITY_COLLECTION)
      .find({}, { sort: { _id: 1 } })
      .toArray(),
  });

  const cases: {
    action: string;
    role: Role;
    code: ErrorCode;
    contribute: (headers: Headers) => Promise<string>;
    act: (id: string, headers: Headers) => Promise<LightMyRequestResponse>;
    /** Someone else, who may. */
    other: Role;
  }[] = [
    {
      action: 'recording vote: yes',
      role: 'contributor',
      code: 'recording.own_recording',
      contribute: record,
      act: vote(true),
      other: 'contributor',
    },
    {
      action: 'recording vote: no, by a reviewer',
      role: 'reviewer',
      code: 'recording.own_recording',
      contribute: record,
      act: vote(false),
      other: 'contributor',
    },
    {
      action: 'donation decision: a reviewer approving their own',
      role: 'reviewer',
      code: 'review.own_item',
      contribute: donate,
      act: decide('approved'),
      other: 'reviewer',
    },
    {
      action: 'donation decision: an admin rejecting their own',
      role: 'admin',
      code: 'review.own_item',
      contribute: donate,
      act: decide('rejected'),
      other: 'admin',
    },
  ];

  let people = 0;
  const someone = (role: Role) => asRole(`${role}${++people}`, role);

  it.each(cases)('$action: 403 $code, nothing changes', async ({ role, code, contribute, act, other }) => {
    const contributor = someone(role);
    const id = await contribute(contributor);
    const before = await snapshot(id);
    const res = await act(id, contributor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Forbidden', code, message: ERROR_MESSAGES[code], statusCode: 403 });
    expect(await snapshot(id)).toEqual(before);
    // Someone else may: the refusal is about the contributor, not the item.
    expect((await act(id, someone(other))).statusCode).toBe(200);
  });
});
