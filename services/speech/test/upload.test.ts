import { ERROR_CODES, ERROR_MESSAGES, RECORDING_MESSAGES as M } from '@platform/contracts';
import { addSentences, as, multipart, signedFor, startSpeech, type SpeechHarness } from './support/harness';
import { AudioFiles, chromiumWebm } from './support/audio';

describe('POST /api/recordings', () => {
  let h: SpeechHarness;
  let audio: AudioFiles;
  let sentenceId = '';
  let speechWav: Buffer;
  beforeAll(async () => {
    h = await startSpeech();
    audio = new AudioFiles();
    speechWav = audio.speech();
    sentenceId = (await addSentences(h.col, 'en', ['Please read this sentence aloud.']))[0]!;
  }, 60_000);
  afterAll(async () => {
    audio?.remove();
    await h?.close();
  });

  const upload = (
    parts: Parameters<typeof multipart>[0],
    headers: Record<string, string> = as('speaker1', 'Ada Obi'),
  ) => {
    const body = multipart(parts);
    return h.app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const file = (data: Buffer, filename = 'take.webm', type = 'audio/webm') => ({
    name: 'audio',
    filename,
    type,
    data,
  });
  const audioFileCount = () => h.app.database!.db.collection('audio.files').countDocuments();
  const chunkCount = () => h.app.database!.db.collection('audio.chunks').countDocuments();

  it('stores a Chromium WebM take in GridFS with what was measured, and counts it for the sentence', async () => {
    const res = await upload(
      [{ name: 'sentenceId', value: sentenceId }, file(chromiumWebm('speech'))],
      as('ada', 'Ada Obi'),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'undecided',
      durationSeconds: expect.any(Number),
    });
    expect(body.durationSeconds).toBeCloseTo(3.96, 1);
    const rec = await h.col.recordings.findOne({});
    expect(rec).toMatchObject({
      sentenceId,
      sentenceText: 'Please read this sentence aloud.',
      language: 'en',
      container: 'webm',
      contentType: 'audio/webm',
      speakerId: 'ada',
      yes: 0,
      no: 0,
      status: 'undecided',
    });
    expect(await h.col.sentences.findOne({ _id: sentenceId })).toMatchObject({ recordingCount: 1 });
    expect(await audioFileCount()).toBe(1);
  });

  it('takes the file before the sentenceId too, and WAV by its bytes whatever its name', async () => {
    const res = await upload(
      [file(speechWav, 'take.webm', 'audio/webm'), { name: 'sentenceId', value: sentenceId }],
      as('bola'),
    );
    expect(res.statusCode).toBe(201);
    const rec = await h.col.recordings.findOne({
      _id: new (await import('mongodb')).ObjectId(res.json().id as string),
    });
    expect(rec).toMatchObject({ container: 'wav', contentType: 'audio/wav' });
  });

  describe('refusals, each leaving nothing stored', () => {
    let filesBefore: number;
    let chunksBefore: number;
    beforeEach(async () => {
      filesBefore = await audioFileCount();
      chunksBefore = await chunkCount();
    });
    afterEach(async () => {
      expect(await audioFileCount()).toBe(filesBefore);
      expect(await chunkCount()).toBe(chunksBefore);
    });

    const expectRefusal = (res: Awaited<ReturnType<typeof upload>>, status: number, message: string) => {
      expect(res.statusCode).toBe(status);
      // The stable code the Speak screen translates, beside the English message.
      const code = ERROR_CODES.find((c) => ERROR_MESSAGES[c] === message);
      expect(code).toBeDefined();
      expect(res.json()).toEqual({ error: expect.any(String), code, message, statusCode: status });
    };

    it('401 without a signed identity', async () => {
      const res = await upload([{ name: 'sentenceId', value: sentenceId }, file(chromiumWebm('speech'))], {});
      expect(res.statusCode).toBe(401);
    });

    it('400 for an unknown sentence, whether named before or after the file', async () => {
      expectRefusal(
        await upload([{ name: 'sentenceId', value: 'nope' }, file(chromiumWebm('speech'))]),
        400,
        M.unknownSentence,
      );
      expectRefusal(
        await upload([
          file(chromiumWebm('speech')),
          { name: 'sentenceId', value: '0123456789abcdef01234567' },
        ]),
        400,
        M.unknownSentence,
      );
    });

    it('400 when a sentence is known but not recordable', async () => {
      const [id] = await addSentences(h.col, 'en', ['Not validated yet.']);
      await h.col.sentences.updateOne({ _id: id! }, { $set: { recordable: false } });
      expectRefusal(
        await upload([{ name: 'sentenceId', value: id! }, file(speechWav)]),
        400,
        M.unknownSentence,
      );
    });

    it('413 for more than 5 MB', async () => {
      const big = Buffer.concat([speechWav, Buffer.alloc(5 * 1024 * 1024)]);
      expectRefusal(
        await upload([{ name: 'sentenceId', value: sentenceId }, file(big, 'big.wav', 'audio/wav')]),
        413,
        M.tooLarge,
      );
    });

    it('415 for bytes that are not WebM, Ogg or WAV, even named .webm', async () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);
      expectRefusal(
        await upload([{ name: 'sentenceId', value: sentenceId }, file(png, 'take.webm')]),
        415,
        M.unsupported,
      );
    });

    it('400 for shorter than 1 second', async () => {
      expectRefusal(
        await upload([
          { name: 'sentenceId', value: sentenceId },
          file(audio.shortSpeech(0.6), 'a.wav', 'audio/wav'),
        ]),
        400,
        M.badDuration,
      );
    });

    it('400 for longer than 15 seconds (Chromium WebM and WAV)', async () => {
      expectRefusal(
        await upload([{ name: 'sentenceId', value: sentenceId }, file(chromiumWebm('long'))]),
        400,
        M.badDuration,
      );
      expectRefusal(
        await upload([
          { name: 'sentenceId', value: sentenceId },
          file(audio.longSpeech(16), 'a.wav', 'audio/wav'),
        ]),
        400,
        M.badDuration,
      );
    });

    it('400 for a silent take (Chromium WebM and WAV)', async () => {
      expectRefusal(
        await upload([{ name: 'sentenceId', value: sentenceId }, file(chromiumWebm('silence'))]),
        400,
        M.silent,
      );
      expectRefusal(
        await upload([
          { name: 'sentenceId', value: sentenceId },
          file(audio.silence(3), 'a.wav', 'audio/wav'),
        ]),
        400,
        M.silent,
      );
    });

    it('409 for a sentence that has all its recordings, whether named before or after the file', async () => {
      const [full] = await addSentences(h.col, 'en', ['This one has fifteen takes.'], 15);
      for (const parts of [
        [{ name: 'sentenceId', value: full! }, file(speechWav, 'a.wav', 'audio/wav')],
        [file(speechWav, 'a.wav', 'audio/wav'), { name: 'sentenceId', value: full! }],
      ]) {
        expectRefusal(await upload(parts), 409, M.sentenceFull);
      }
      expect(await h.col.sentences.findOne({ _id: full! })).toMatchObject({ recordingCount: 15 });
      expect(await h.col.recordings.countDocuments({ sentenceId: full! })).toBe(0);
    });

    it('409 for a sentence this person already recorded, whether named before or after the file', async () => {
      for (const parts of [
        [{ name: 'sentenceId', value: sentenceId }, file(speechWav, 'a.wav', 'audio/wav')],
        [file(chromiumWebm('speech')), { name: 'sentenceId', value: sentenceId }],
      ]) {
        expectRefusal(await upload(parts, as('ada')), 409, M.alreadyRecorded);
      }
      expect(await h.col.sentences.findOne({ _id: sentenceId })).toMatchObject({ recordingCount: 2 });
      expect(await h.col.recordings.countDocuments({ sentenceId, speakerId: 'ada' })).toBe(1);
    });

    it('400 without audio, without a sentenceId, and 415 for a JSON body', async () => {
      expectRefusal(await upload([{ name: 'sentenceId', value: sentenceId }]), 400, M.missingAudio);
      expectRefusal(await upload([file(chromiumWebm('speech'))]), 400, M.missingSentence);
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/recordings',
        headers: as('speaker1'),
        payload: { sentenceId },
      });
      expectRefusal(res, 415, M.notMultipart);
    });
  });

  it('over real HTTP, answers an early refusal cleanly while the rest of the body is still arriving', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.concat([speechWav, Buffer.alloc(3 * 1024 * 1024, 1)]);
    for (const order of ['sentence first', 'file first'] as const) {
      const form = new FormData();
      const audioPart = new Blob([big], { type: 'audio/wav' });
      if (order === 'sentence first') form.append('sentenceId', 'unknown');
      form.append('audio', audioPart, 'take.wav');
      if (order === 'file first') form.append('sentenceId', 'unknown');
      const res = await fetch(`${address}/api/recordings`, {
        method: 'POST',
        body: form,
        headers: signedFor('speaker1', 'POST', '/api/recordings'),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(M.unknownSentence);
    }
  });

  it("lets only one of two racing uploads take the last place, or one person's one take", async () => {
    const [last] = await addSentences(h.col, 'en', ['One place left here.'], 14);
    const send = (who: string) =>
      upload([{ name: 'sentenceId', value: last! }, file(audio.speech(), 'a.wav', 'audio/wav')], as(who));
    const two = await Promise.all([send('racer1'), send('racer2')]);
    expect(two.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await h.col.sentences.findOne({ _id: last! })).toMatchObject({ recordingCount: 15 });

    const [open] = await addSentences(h.col, 'en', ['Plenty of places here.']);
    const twice = await Promise.all([
      upload([{ name: 'sentenceId', value: open! }, file(speechWav, 'a.wav', 'audio/wav')], as('eager')),
      upload([{ name: 'sentenceId', value: open! }, file(speechWav, 'b.wav', 'audio/wav')], as('eager')),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await h.col.sentences.findOne({ _id: open! })).toMatchObject({ recordingCount: 1 });
    expect(await h.col.recordings.countDocuments({ sentenceId: open! })).toBe(1);
    const files = await h.app.database!.db.collection('audio.files').countDocuments();
    expect(files).toBe(await h.col.recordings.countDocuments({}));
  });

  it('never counted a refused upload for the sentence', async () => {
    expect(await h.col.sentences.findOne({ _id: sentenceId })).toMatchObject({ recordingCount: 2 });
    expect(await h.col.recordings.countDocuments({ sentenceId })).toBe(2);
  });
});
