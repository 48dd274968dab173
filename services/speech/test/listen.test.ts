import { ObjectId } from 'mongodb';
import { RECORDING_MESSAGES as M, recordingStatusFor } from '@platform/contracts';
import { storeWhileProbing } from '../src/audio/store';
import type { RecordingDoc } from '../src/recordings/store';
import { Readable } from 'node:stream';
import { as, startSpeech, type SpeechHarness } from './support/harness';
import { chromiumWebm } from './support/audio';

/** A recording document as an upload leaves it, with a real file in GridFS when `audio` is given. */
async function addRecording(h: SpeechHarness, speakerId: string, patch: Partial<RecordingDoc> = {}) {
  const doc: RecordingDoc = {
    _id: new ObjectId(),
    sentenceId: 's1',
    sentenceText: 'A sentence.',
    language: 'en',
    durationSeconds: 3,
    audioFileId: new ObjectId(),
    container: 'webm',
    contentType: 'audio/webm',
    bytes: 0,
    speakerId,
    speakerName: null,
    yes: 0,
    no: 0,
    voteCount: 0,
    reports: 0,
    status: 'undecided',
    createdAt: new Date(),
    ...patch,
  };
  await h.col.recordings.insertOne(doc);
  return doc._id.toHexString();
}

describe('Listen: votes', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech();
  }, 60_000);
  afterAll(() => h?.close());

  const vote = (id: string, voter: string, isValid: boolean) =>
    h.app.inject({
      method: 'POST',
      url: `/api/recordings/${id}/validate`,
      headers: as(voter),
      payload: { isValid },
    });
  const undo = (id: string, voter: string) =>
    h.app.inject({ method: 'DELETE', url: `/api/recordings/${id}/validate`, headers: as(voter) });

  // Every order of YES/NO votes up to five voters: the status after each vote follows the rule.
  const sequences: boolean[][] = [];
  for (let n = 1; n <= 5; n++) {
    for (let bits = 0; bits < 1 << n; bits++)
      sequences.push([...Array(n)].map((_, i) => Boolean(bits & (1 << i))));
  }
  it(`applies the rule after every vote of all ${sequences.length} YES/NO sequences of 1 to 5 voters`, async () => {
    for (const seq of sequences) {
      const id = await addRecording(h, 'speaker');
      let yes = 0;
      let no = 0;
      for (const [i, isValid] of seq.entries()) {
        const res = await vote(id, `voter${i}`, isValid);
        if (recordingStatusFor(yes, no) !== 'undecided') {
          // Decided already: later votes are refused and change nothing.
          expect(res.statusCode).toBe(409);
          continue;
        }
        expect(res.statusCode).toBe(200);
        if (isValid) yes++;
        else no++;
        expect(res.json()).toEqual({ id, status: recordingStatusFor(yes, no), yes, no });
      }
      expect(await h.col.recordings.findOne({ _id: new ObjectId(id) })).toMatchObject({
        yes,
        no,
        voteCount: yes + no,
        status: recordingStatusFor(yes, no),
      });
    }
  }, 120_000);

  it('spells the rule out: 2 YES validates, 1 YES 1 NO is undecided, 2 YES 1 NO validates, 2 NO invalidates', async () => {
    const a = await addRecording(h, 'speaker');
    expect((await vote(a, 'v1', true)).json().status).toBe('undecided');
    expect((await vote(a, 'v2', true)).json().status).toBe('validated');
    const b = await addRecording(h, 'speaker');
    expect((await vote(b, 'v1', true)).json().status).toBe('undecided');
    expect((await vote(b, 'v2', false)).json().status).toBe('undecided');
    expect((await vote(b, 'v3', true)).json()).toMatchObject({ status: 'validated', yes: 2, no: 1 });
    const c = await addRecording(h, 'speaker');
    await vote(c, 'v1', false);
    expect((await vote(c, 'v2', false)).json()).toEqual({ id: c, status: 'invalidated', yes: 0, no: 2 });
  });

  it('refuses a vote on your own recording (403) and a second vote (409)', async () => {
    const id = await addRecording(h, 'me');
    const own = await vote(id, 'me', true);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'recording.own_recording', message: M.ownRecording });
    expect((await vote(id, 'other', true)).statusCode).toBe(200);
    const again = await vote(id, 'other', false);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'recording.already_voted', message: M.alreadyVoted });
    expect(await h.col.recordings.findOne({ _id: new ObjectId(id) })).toMatchObject({ yes: 1, no: 0 });
  });

  it('404 for an unknown or malformed recording id, 400 for a body that is not a boolean, 401 signed out', async () => {
    expect((await vote(new ObjectId().toHexString(), 'v', true)).statusCode).toBe(404);
    expect((await vote('not-an-id', 'v', true)).statusCode).toBe(404);
    const id = await addRecording(h, 'speaker');
    const bad = await h.app.inject({
      method: 'POST',
      url: `/api/recordings/${id}/validate`,
      headers: as('v'),
      payload: { isValid: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.failed');
    const anon = await h.app.inject({
      method: 'POST',
      url: `/api/recordings/${id}/validate`,
      payload: { isValid: true },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('identity.missing');
  });

  it('undoes a vote while undecided, and refuses once decided (409) or without a vote (404)', async () => {
    const id = await addRecording(h, 'speaker');
    await vote(id, 'v1', true);
    const undone = await undo(id, 'v1');
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ id, status: 'undecided', yes: 0, no: 0 });
    expect(await h.col.votes.countDocuments({ recordingId: new ObjectId(id) })).toBe(0);
    expect((await undo(id, 'v1')).statusCode).toBe(404);
    // The vote can be cast again after an undo.
    expect((await vote(id, 'v1', false)).json()).toMatchObject({ yes: 0, no: 1 });
    await vote(id, 'v2', false);
    const late = await undo(id, 'v2');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.alreadyDecided);
  });

  it('200 concurrent YES/NO votes from different people give exact counts and the right status', async () => {
    const id = await addRecording(h, 'speaker');
    const votes = [...Array(200)].map((_, i) => i % 3 !== 0);
    const replies = await Promise.all(votes.map((isValid, i) => vote(id, `crowd${i}`, isValid)));
    // Votes count until the recording is decided; the ones that arrive after are refused and not kept.
    const accepted = votes.filter((_, i) => replies[i]!.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(accepted.length + refused.length).toBe(200);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    for (const r of refused) expect(r.json().message).toBe(M.decided);
    const yes = accepted.filter(Boolean).length;
    const no = accepted.length - yes;
    const stored = await h.col.recordings.findOne({ _id: new ObjectId(id) });
    expect(stored).toMatchObject({
      yes,
      no,
      voteCount: accepted.length,
      status: recordingStatusFor(yes, no),
    });
    expect(stored!.status).not.toBe('undecided');
    expect(await h.col.votes.countDocuments({ recordingId: new ObjectId(id) })).toBe(accepted.length);
  }, 60_000);

  it('a decided recording takes no more votes, so a late vote cannot reopen it', async () => {
    const id = await addRecording(h, 'speaker');
    await vote(id, 'v1', true);
    expect((await vote(id, 'v2', true)).json()).toMatchObject({ status: 'validated', yes: 2, no: 0 });
    for (const late of ['v3', 'v4']) {
      const reply = await vote(id, late, false);
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(M.decided);
    }
    expect(await h.col.recordings.findOne({ _id: new ObjectId(id) })).toMatchObject({
      yes: 2,
      no: 0,
      status: 'validated',
    });
    expect(await h.col.votes.countDocuments({ recordingId: new ObjectId(id) })).toBe(2);
  });

  it('the status settles consistently when concurrent votes race past the threshold', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await addRecording(h, 'speaker');
      const votes = [true, true, false, false, false];
      const replies = await Promise.all(votes.map((isValid, i) => vote(id, `race${round}-${i}`, isValid)));
      const accepted = votes.filter((_, i) => replies[i]!.statusCode === 200);
      const yes = accepted.filter(Boolean).length;
      const no = accepted.length - yes;
      const stored = await h.col.recordings.findOne({ _id: new ObjectId(id) });
      expect(stored).toMatchObject({ yes, no, status: recordingStatusFor(yes, no) });
      expect(stored!.status).not.toBe('undecided');
    }
  });

  it('the same person voting twice at once counts once', async () => {
    const id = await addRecording(h, 'speaker');
    const replies = await Promise.all([...Array(10)].map((_, i) => vote(id, 'eager', i % 2 === 0)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const rec = await h.col.recordings.findOne({ _id: new ObjectId(id) });
    expect(rec!.yes + rec!.no).toBe(1);
    expect(await h.col.votes.countDocuments({ recordingId: new ObjectId(id) })).toBe(1);
  });
});

describe('Listen: the batch, skips and reports', () => {
  let h: SpeechHarness;
  beforeAll(async () => {
    h = await startSpeech();
  }, 60_000);
  afterAll(() => h?.close());

  const batch = async (who: string, count = 20) => {
    const res = await h.app.inject({ url: `/api/recordings/validate?count=${count}`, headers: as(who) });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ id: string; sentence: string; audioUrl: string }>;
  };

  it('offers undecided recordings of others only, fewest votes first then oldest, minus judged ones', async () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const old1 = await addRecording(h, 'amy', { createdAt: t(1), voteCount: 1, yes: 1, sentenceText: 'one' });
    const new0 = await addRecording(h, 'amy', { createdAt: t(5), sentenceText: 'two' });
    const old0 = await addRecording(h, 'bob', { createdAt: t(2), sentenceText: 'three' });
    await addRecording(h, 'amy', { createdAt: t(0), status: 'validated', yes: 2, voteCount: 2 });
    await addRecording(h, 'amy', { createdAt: t(0), status: 'invalidated', no: 2, voteCount: 2 });
    const mine = await addRecording(h, 'carl', { createdAt: t(0) });

    const items = await batch('carl');
    expect(items.map((i) => i.id)).toEqual([old0, new0, old1]);
    expect(items[0]).toEqual({ id: old0, sentence: 'three', audioUrl: `/audio/${old0}.webm` });
    expect((await batch('dan', 2)).map((i) => i.id)).toEqual([mine, old0]);

    // Voting, skipping and reporting each take a recording out of that person's batches only.
    await h.app.inject({
      method: 'POST',
      url: `/api/recordings/${old0}/validate`,
      headers: as('carl'),
      payload: { isValid: true },
    });
    const skip = await h.app.inject({
      method: 'POST',
      url: `/api/recordings/${new0}/skip`,
      headers: as('carl'),
    });
    expect(skip.json()).toEqual({ id: new0, ok: true });
    const report = await h.app.inject({
      method: 'POST',
      url: `/api/recordings/${old1}/report`,
      headers: as('carl'),
      payload: { reason: 'noise' },
    });
    expect(report.statusCode).toBe(200);
    expect(await batch('carl')).toEqual([]);
    expect((await batch('dan')).map((i) => i.id)).toEqual(expect.arrayContaining([mine, old0, new0, old1]));
    expect(await h.col.recordings.findOne({ _id: new ObjectId(old1) })).toMatchObject({ reports: 1 });
  });

  it('needs details for an "other" report and refuses unknown reasons', async () => {
    const id = await addRecording(h, 'amy');
    const post = (payload: object) =>
      h.app.inject({ method: 'POST', url: `/api/recordings/${id}/report`, headers: as('erin'), payload });
    expect((await post({ reason: 'other' })).json().message).toBe('Please describe the problem.');
    expect((await post({ reason: 'grammar' })).statusCode).toBe(400);
    expect((await post({ reason: 'other', details: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await post({ reason: 'other', details: 'Two people talking.' })).statusCode).toBe(200);
  });
});

describe('GET /audio/:file', () => {
  let h: SpeechHarness;
  let id: string;
  let bytes: Buffer;
  beforeAll(async () => {
    h = await startSpeech();
    bytes = chromiumWebm('speech');
    const stored = await storeWhileProbing(h.app.database!.db, Readable.from([bytes]), {
      maxBytes: 5 << 20,
      metadata: {},
    });
    id = await addRecording(h, 'amy', { audioFileId: stored.fileId, bytes: stored.bytes });
  }, 60_000);
  afterAll(() => h?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ url, headers: { ...as('listener'), ...headers } });

  it('streams the whole file with its type, length and Accept-Ranges', async () => {
    const res = await get(`/audio/${id}.webm`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, -1],
    ['bytes=-500', -500, -1],
    ['bytes=16000-99999999', 16000, -1],
  ])('answers %s with 206 and exactly those bytes', async (range, from, to) => {
    const res = await get(`/audio/${id}.webm`, { range });
    const start = from < 0 ? bytes.length + from : from;
    const end = to < 0 ? bytes.length - 1 : to;
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('416 for a range past the end, with the size', async () => {
    const res = await get(`/audio/${id}.webm`, { range: `bytes=${bytes.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('ignores several ranges or nonsense and sends everything', async () => {
    expect((await get(`/audio/${id}.webm`, { range: 'bytes=0-1,5-9' })).statusCode).toBe(200);
    expect((await get(`/audio/${id}.webm`, { range: 'lines=1-2' })).statusCode).toBe(200);
  });

  it('is for signed-in people only', async () => {
    expect((await h.app.inject({ url: `/audio/${id}.webm` })).statusCode).toBe(401);
  });

  it.each(['unknown id', 'wrong extension', 'traversal', 'encoded traversal', 'uppercase hex'])(
    '404 for a malformed or unknown name (%s)',
    async (kind) => {
      const url = {
        'unknown id': `/audio/${new ObjectId().toHexString()}.webm`,
        'wrong extension': `/audio/${id}.wav`,
        traversal: '/audio/..%2F..%2Fetc%2Fpasswd',
        'encoded traversal': `/audio/${id}.webm%00.txt`,
        'uppercase hex': `/audio/${id.toUpperCase()}.webm`,
      }[kind]!;
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().statusCode).toBe(404);
    },
  );
});
