import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@platform/contracts';
import { startTestMongo, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import {
  addSentences,
  as,
  chromiumWebm,
  multipart,
  startSpeech,
  type SpeechHarness,
} from '@platform/speech-service/testing';

/**
 * Two instances of the speech service on one database, as behind a load balancer: a phone's retry may reach
 * either, and the take is stored once whichever answered first.
 */
describe('an Idempotency-Key across two instances of the speech service', () => {
  let mongo: TestMongo;
  let one: SpeechHarness;
  let two: SpeechHarness;

  beforeAll(async () => {
    mongo = await startTestMongo();
    const dbName = uniqueDbName('speech_twice');
    one = await startSpeech({ mongo, dbName });
    two = await startSpeech({ mongo, dbName });
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await mongo?.stop();
  });

  const sendTake = (to: SpeechHarness, sentenceId: string, key: string) => {
    // Each try has its own boundary, as a browser makes it.
    const body = multipart([
      { name: 'sentenceId', value: sentenceId },
      { name: 'audio', filename: 'take.webm', type: 'audio/webm', data: chromiumWebm('speech') },
    ]);
    return to.app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...as('ada'), ...body.headers, [IDEMPOTENCY_KEY_HEADER]: key },
      payload: body.payload,
    });
  };
  const stored = (sentenceId: string) => one.col.recordings.countDocuments({ sentenceId });

  it('answers a retry at the other instance with the first answer, storing once', async () => {
    const [sentenceId] = await addSentences(one.col, 'yo', ['Ẹ káàárọ̀, ẹ̀yin ará.']);
    const first = await sendTake(one, sentenceId!, 'take-across-0001');
    expect(first.statusCode).toBe(201);
    const retry = await sendTake(two, sentenceId!, 'take-across-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await stored(sentenceId!)).toBe(1);
  });

  it('stores once when the same take reaches both instances at once', async () => {
    const [sentenceId] = await addSentences(one.col, 'yo', ['Ọ̀rẹ́ mi, báwo ni?']);
    const answers = await Promise.all([
      sendTake(one, sentenceId!, 'take-across-0002'),
      sendTake(two, sentenceId!, 'take-across-0002'),
    ]);
    // The other is the first answer again, or told the take is still being stored: never refused for itself.
    const outcomes = answers
      .map((res) => (res.statusCode === 201 ? 201 : `${res.statusCode} ${res.json().code}`))
      .sort();
    expect([
      [201, 201],
      [201, '409 idempotency.in_progress'],
    ]).toContainEqual(outcomes);
    expect(await stored(sentenceId!)).toBe(1);
    const files = await one.app.database!.db.collection('audio.files').countDocuments({
      'metadata.sentenceId': sentenceId,
    });
    expect(files).toBe(1);
  });
});
