import type { Db, ObjectId } from 'mongodb';
import { LANGUAGES, SERVICE_IDENTITIES, type ActivityKind } from '@platform/contracts';
import { recordActivity } from '@platform/service-kit';
import { signedAs } from '@platform/service-kit/testing';
import { datasetCollections } from './support/collections';
import { as, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';
import { addAudioPair, addRecording, addSentence, askForRelease, storeAudio } from './support/releases';

const DAY_MS = 86_400_000;
const gateway = () => signedAs(SERVICE_IDENTITIES.gateway);
const CODES = LANGUAGES.map((l) => l.code);

describe('the speech side of the public figures', () => {
  let h: SpeechHarness;
  let db: Db;

  beforeAll(async () => {
    // The counts of the data stored below are made by the activity backfill, as for data from before they were
    // kept (live counting has its own tests): it is run once the store is seeded, not at start.
    h = await startSpeech({ startBackfill: false });
    db = h.app.database!.db;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
    const audio = await storeAudio(db, Buffer.from('not played here'));
    const yo = await addSentence(db, 'Ẹ kú iṣẹ́ o.', 'yo');
    const en = await addSentence(db, 'Good evening.', 'en');
    const record = async (
      speakerId: string,
      sentenceId: string,
      status: 'validated' | 'invalidated' | 'undecided',
      seconds: number,
      daysAgo: number,
    ) => {
      const id = await addRecording(db, {
        speakerId,
        sentenceId,
        text: sentenceId === yo ? 'Ẹ kú iṣẹ́ o.' : 'Good evening.',
        language: sentenceId === yo ? 'yo' : 'en',
        audio,
        status,
        createdAt: at(daysAgo),
      });
      await h.col.recordings.updateOne({ _id: id }, { $set: { durationSeconds: seconds } });
      return id;
    };
    // Yoruba: two speakers, one recording of each state; English: one validated recording. spk-a recorded
    // 5 days ago, spk-b 40 and 45 days ago (not recently).
    const voted = await record('spk-a', yo, 'validated', 3.5, 5);
    await record('spk-a', yo, 'invalidated', 2, 5);
    await record('spk-b', yo, 'undecided', 4.5, 40);
    const late = await record('spk-b', en, 'validated', 7.2, 45);
    // Decided yesterday: counted under spk-b, who did nothing yesterday.
    await h.col.recordings.updateOne({ _id: late }, { $set: { decidedAt: at(1) } });
    // A listener 2 days ago, another 31 days ago.
    await h.col.votes.insertMany([
      { recordingId: voted, voterId: 'voter-v', isValid: true, createdAt: at(2) },
      { recordingId: voted, voterId: 'old-o', isValid: true, createdAt: at(31) },
    ]);
    await addAudioPair(db, { donorId: 'donor-d', source: audio, target: audio, dialect: 'ekiti-yoruba' });
    expect(await h.app.activityBackfill.runOnce()).toMatchObject({ state: 'done' });
    // The running donation counts, as a restart sets them for data stored before they were kept.
    await h.col.counters.deleteMany({});
    await h.stores.audioPairs.recountIfMissing(h.stores.textPairs.approvedCount);
    // Counted live: a vote given and taken back.
    const event = (kind: ActivityKind, userId: string, daysAgo: number, count = 1) => ({
      kind,
      userId,
      language: 'yo' as const,
      at: at(daysAgo),
      count,
    });
    await recordActivity(db, [event('votes.given', 'undo-u', 1), event('votes.given', 'undo-u', 1, -1)]);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers the gateway with every language in order, exact sums and the recent contributors', async () => {
    const res = await h.app.inject({ url: '/internal/public/speech-figures', headers: gateway() });
    expect(res.statusCode).toBe(200);
    const figures = res.json();
    expect(figures.languages.map((l: { language: string }) => l.language)).toEqual(CODES);
    const row = (language: string) =>
      figures.languages.find((l: { language: string }) => l.language === language);
    expect(row('yo')).toEqual({
      language: 'yo',
      recordings: 3,
      speakers: 2,
      hoursRecorded: expect.any(Number),
      hoursValidated: expect.any(Number),
    });
    expect(row('yo').hoursRecorded).toBeCloseTo(10 / 3600, 10);
    expect(row('yo').hoursValidated).toBeCloseTo(3.5 / 3600, 10);
    expect(row('en')).toMatchObject({ recordings: 1, speakers: 1 });
    expect(row('en').hoursRecorded).toBeCloseTo(7.2 / 3600, 10);
    expect(row('en').hoursValidated).toBeCloseTo(7.2 / 3600, 10);
    for (const language of CODES.filter((c) => c !== 'yo' && c !== 'en')) {
      expect(row(language)).toEqual({
        language,
        recordings: 0,
        hoursRecorded: 0,
        hoursValidated: 0,
        speakers: 0,
      });
    }
    expect(figures).toMatchObject({ donations: 1, recordingsValidated: 2, recordingsRejected: 1 });
    expect(figures.activeContributors).toEqual(['donor-d', 'spk-a', 'voter-v']);
  });

  it('refuses people, even admins, and callers without a signature', async () => {
    const url = '/internal/public/speech-figures';
    expect((await h.app.inject({ url, headers: as('ada') })).statusCode).toBe(403);
    expect(
      (await h.app.inject({ url, headers: signedAs({ id: 'boss', role: 'admin', name: 'Boss' }) }))
        .statusCode,
    ).toBe(403);
    expect((await h.app.inject({ url })).statusCode).toBe(401);
  });

  it('answers zeros for every language on an empty store', async () => {
    const empty = await startSpeech({ mongo: h.mongo, startBackfill: false });
    try {
      const res = await empty.app.inject({ url: '/internal/public/speech-figures', headers: gateway() });
      expect(res.json()).toEqual({
        languages: CODES.map((language) => ({
          language,
          recordings: 0,
          hoursRecorded: 0,
          hoursValidated: 0,
          speakers: 0,
        })),
        donations: 0,
        recordingsValidated: 0,
        recordingsRejected: 0,
        activeContributors: [],
      });
    } finally {
      await empty.app.close();
    }
  });
});

describe('the demo clip: a validated recording of a published release, heard signed out', () => {
  let h: SpeechHarness;
  let db: Db;
  const take = chromiumWebm('speech');
  let validated: ObjectId;
  let undecided: ObjectId;
  let late: ObjectId;

  const demo = (query = '') => h.app.inject({ url: `/api/public/demo${query}` });
  const audio = (id: string, headers: Record<string, string> = {}) =>
    h.app.inject({ url: `/api/public/demo/${id}/audio`, headers });

  beforeAll(async () => {
    h = await startSpeech({ startBackfill: false, startSeeding: false });
    db = h.app.database!.db;
    const file = await storeAudio(db, take);
    const yo = await addSentence(db, 'Ẹ kú iṣẹ́ o.', 'yo');
    const en = await addSentence(db, 'Good evening.', 'en');
    const yoruba = { sentenceId: yo, text: 'Ẹ kú iṣẹ́ o.', language: 'yo' as const, audio: file };
    validated = await addRecording(db, { ...yoruba, speakerId: 'spk-a' });
    undecided = await addRecording(db, { ...yoruba, speakerId: 'spk-b', status: 'undecided' });
    await addRecording(db, { ...yoruba, speakerId: 'spk-c', status: 'invalidated' });
    // Validated, but made after the release was asked for: not in it.
    late = await addRecording(db, {
      sentenceId: en,
      text: 'Good evening.',
      language: 'en',
      audio: file,
      speakerId: 'spk-d',
      createdAt: new Date(Date.now() + 60_000),
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('has no clip before any release is published, and serves no audio', async () => {
    const res = await demo();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clip: null });
    const refused = await audio(validated.toHexString());
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('audio.not_found');
  });

  it('plays a recording of the published release, with its sentence, dataset and version', async () => {
    const release = await askForRelease(db, { name: 'Yorùbá Speech' });
    h.app.releaseWorker.kick();
    await h.app.releaseWorker.idle();
    expect((await datasetCollections(db).releases.findOne({ _id: release._id }))?.status).toBe('published');

    const id = validated.toHexString();
    const expected = {
      clip: {
        id,
        sentence: 'Ẹ kú iṣẹ́ o.',
        language: 'yo',
        dataset: 'Yorùbá Speech',
        version: 1,
        durationMs: 4000,
        audioUrl: `/api/public/demo/${id}/audio`,
      },
    };
    // The only recording the release carries, whatever the random start.
    for (let i = 0; i < 5; i++) expect((await demo()).json()).toEqual(expected);
    expect((await demo('?language=yo')).json()).toEqual(expected);
    // The English one came after the release; Hausa has none.
    expect((await demo('?language=en')).json()).toEqual({ clip: null });
    expect((await demo('?language=ha')).json()).toEqual({ clip: null });
    expect((await demo('?language=xx')).statusCode).toBe(400);
  });

  it('streams the clip’s audio signed out, whole or one byte range, with its type and ETag', async () => {
    const id = validated.toHexString();
    const whole = await audio(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toEqual(expect.stringMatching(/^"[0-9a-f]{24}"$/));
    expect(whole.rawPayload.equals(take)).toBe(true);

    const part = await audio(id, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${take.length}`);
    expect(part.rawPayload.equals(take.subarray(100, 200))).toBe(true);

    // The same ETag resumes; a stale one gets the whole file again.
    const resumed = await audio(id, { range: 'bytes=10-19', 'if-range': String(whole.headers.etag) });
    expect(resumed.statusCode).toBe(206);
    expect((await audio(id, { range: 'bytes=10-19', 'if-range': '"stale"' })).statusCode).toBe(200);
    expect((await audio(id, { range: `bytes=${take.length + 10}-` })).statusCode).toBe(416);
  });

  it('serves no other recording’s audio: unvalidated, unpublished, unknown or malformed ids', async () => {
    for (const id of [undecided.toHexString(), late.toHexString(), 'ffffffffffffffffffffffff', 'nope']) {
      const res = await audio(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('audio.not_found');
    }
    expect((await audio('x'.repeat(65))).statusCode).toBe(400);
    expect((await audio('..%2F..%2Fetc')).statusCode).toBe(400);
  });

  it('never plays the voice of a deleted account', async () => {
    const forget = await h.app.inject({
      method: 'DELETE',
      url: '/internal/users/spk-a/speech-data?pseudonym=0123456789abcdef01234567',
      headers: gateway(),
    });
    expect(forget.statusCode).toBe(200);
    expect((await demo()).json()).toEqual({ clip: null });
    expect((await audio(validated.toHexString())).statusCode).toBe(404);
  });
});
