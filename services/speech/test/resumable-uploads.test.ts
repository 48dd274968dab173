import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ObjectId } from 'mongodb';
import {
  AUDIO_PAIR_FILE_MAX_BYTES,
  ERROR_MESSAGES,
  RESUMABLE_UPLOAD_MAX_OPEN,
  RESUMABLE_UPLOAD_CHUNK_BYTES as PIECE,
  RESUMABLE_UPLOAD_IDLE_MS,
  RESUMABLE_UPLOAD_PUT_MAX_BYTES as PUT_MAX,
  SERVICE_IDENTITIES,
  type AudioPairRecord,
  type ResumableUploadState,
} from '@platform/contracts';
import { signedAs } from '@platform/service-kit/testing';
import { RESUMABLE_UPLOAD_CHUNKS, RESUMABLE_UPLOADS } from '../src/resumable-uploads/store';
import type { TextPairCopyDoc } from '../src/text-pairs/store';
import { as, signedFor, startSpeech, type SpeechHarness } from './support/harness';
import { silence, wav } from './support/wav';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 2.4 MB of WAV (over nine pieces, three PUTs), and a shorter one for the other side of a donation. */
const TONE = wav({ seconds: 25, rate: 48000, frequency: 330 });
const OTHER_TONE = wav({ seconds: 7, rate: 48000, frequency: 550 });

describe('resumable uploads (speech service)', () => {
  let h: SpeechHarness;
  let clock = new Date('2030-03-01T10:00:00Z');
  beforeAll(async () => {
    h = await startSpeech({ now: () => clock, startUploadCleanup: false });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  const db = () => h.app.database!.db;
  const uploadsStored = () => db().collection(RESUMABLE_UPLOADS).countDocuments();
  const piecesStored = (uploadId?: string) =>
    db()
      .collection(RESUMABLE_UPLOAD_CHUNKS)
      .countDocuments(uploadId ? { uploadId: new ObjectId(uploadId) } : {});
  beforeEach(async () => {
    clock = new Date('2030-03-01T10:00:00Z');
    await Promise.all([
      db().collection(RESUMABLE_UPLOADS).deleteMany({}),
      db().collection(RESUMABLE_UPLOAD_CHUNKS).deleteMany({}),
      h.col.textPairs.deleteMany({}),
      h.col.audioPairs.deleteMany({}),
      h.col.counters.deleteMany({}),
      db().collection('audio.files').deleteMany({}),
      db().collection('audio.chunks').deleteMany({}),
    ]);
  });

  const begin = (size: number, who = as('ada'), extra: Record<string, unknown> = {}) =>
    h.app.inject({
      method: 'POST',
      url: '/api/resumable-uploads',
      headers: who,
      payload: { purpose: 'audio-pair-file', size, contentType: 'audio/wav', ...extra },
    });
  const begun = async (file: Buffer, who = as('ada'), extra: Record<string, unknown> = {}) => {
    const res = await begin(file.length, who, extra);
    expect(res.statusCode).toBe(201);
    return res.json<ResumableUploadState>();
  };
  const put = (
    id: string,
    file: Buffer,
    start: number,
    end: number,
    who = as('ada'),
    headers: Record<string, string> = {},
  ) =>
    h.app.inject({
      method: 'PUT',
      url: `/api/resumable-uploads/${id}`,
      headers: {
        ...who,
        'content-type': 'application/offset+octet-stream',
        'content-range': `bytes ${start}-${end - 1}/${file.length}`,
        ...headers,
      },
      payload: file.subarray(start, end),
    });
  const status = (id: string, who = as('ada')) =>
    h.app.inject({ url: `/api/resumable-uploads/${id}`, headers: who });
  /** The whole file, a PUT's worth at a time, from wherever the server is. */
  const sendAll = async (id: string, file: Buffer, who = as('ada')) => {
    let state = (await status(id, who)).json<ResumableUploadState>();
    while (!state.complete) {
      const res = await put(id, file, state.received, Math.min(file.length, state.received + PUT_MAX), who);
      expect(res.statusCode).toBe(200);
      state = res.json<ResumableUploadState>();
    }
    return state;
  };

  describe('begin, send, ask', () => {
    it('begins an upload for the signed-in person, with nothing received yet', async () => {
      const res = await begin(TONE.length);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        purpose: 'audio-pair-file',
        size: TONE.length,
        received: 0,
        complete: false,
        chunkBytes: PIECE,
        maxPutBytes: PUT_MAX,
      });
      const doc = await db()
        .collection(RESUMABLE_UPLOADS)
        .findOne({ _id: new ObjectId(res.json().id) });
      expect(doc).toMatchObject({ ownerId: 'ada', size: TONE.length, received: 0 });
      expect((await begin(TONE.length, {})).statusCode).toBe(401);
    });

    it('takes the bytes PUT by PUT, says how far it got, and holds exactly the file at the end', async () => {
      const { id } = await begun(TONE);
      const first = await put(id, TONE, 0, PIECE);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ received: PIECE, complete: false });
      expect((await status(id)).json()).toMatchObject({
        received: PIECE,
        size: TONE.length,
        complete: false,
      });

      const second = await put(id, TONE, PIECE, PIECE + PUT_MAX);
      expect(second.json()).toMatchObject({ received: PIECE + PUT_MAX, complete: false });
      expect(await sendAll(id, TONE)).toMatchObject({ received: TONE.length, complete: true });
      expect((await status(id)).json()).toMatchObject({ received: TONE.length, complete: true });

      const pieces = await db()
        .collection(RESUMABLE_UPLOAD_CHUNKS)
        .find({ uploadId: new ObjectId(id) })
        .sort({ n: 1 })
        .toArray();
      expect(pieces.map((p) => p.n)).toEqual([...Array(Math.ceil(TONE.length / PIECE)).keys()]);
      const joined = Buffer.concat(pieces.map((p) => Buffer.from(p.data.buffer)));
      expect(sha256(joined)).toBe(sha256(TONE));
    });

    it('refuses bytes that do not start where the server’s end (409, with what it has), keeping what it had', async () => {
      const { id } = await begun(TONE);
      await put(id, TONE, 0, PIECE);
      for (const start of [0, 2 * PIECE]) {
        const res = await put(id, TONE, start, start + PIECE);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          error: 'Conflict',
          code: 'upload.offset_mismatch',
          message: expect.any(String),
          statusCode: 409,
          received: PIECE,
        });
      }
      expect((await status(id)).json()).toMatchObject({ received: PIECE });
      expect(await piecesStored(id)).toBe(1);
    });

    it('refuses a Content-Range it cannot use, a raw body of another type and an oversized PUT', async () => {
      const { id } = await begun(TONE);
      const refusals: Array<[Record<string, string>, number, number, number, string]> = [
        [{ 'content-range': 'bytes=0-9' }, 0, 10, 400, 'validation.failed'],
        [{ 'content-range': `bytes 0-${PIECE - 1}/${TONE.length + 1}` }, 0, PIECE, 400, 'validation.failed'],
        // Ends inside a piece, short of the end of the file.
        [{}, 0, PIECE + 10, 400, 'validation.failed'],
        [{}, 0, PUT_MAX + PIECE, 413, 'request.too_large'],
        [{ 'content-type': 'audio/wav' }, 0, PIECE, 415, 'request.unsupported_media_type'],
        [{ 'content-type': 'text/plain' }, 0, PIECE, 415, 'request.unsupported_media_type'],
      ];
      for (const [headers, start, end, statusCode, code] of refusals) {
        const res = await put(id, TONE, start, end, as('ada'), headers);
        expect({ headers, statusCode: res.statusCode, code: res.json().code }).toEqual({
          headers,
          statusCode,
          code,
        });
      }
      expect(await piecesStored()).toBe(0);
      expect((await status(id)).json()).toMatchObject({ received: 0 });
    });

    it('is nobody else’s: another person gets 404 for it, as for an upload that is not there', async () => {
      const { id } = await begun(TONE);
      await put(id, TONE, 0, PIECE);
      expect((await status(id, as('bola'))).statusCode).toBe(404);
      const theirs = await put(id, TONE, PIECE, 2 * PIECE, as('bola'));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe('upload.not_found');
      expect((await status(new ObjectId().toHexString())).statusCode).toBe(404);
      expect((await status(id)).json()).toMatchObject({ received: PIECE });
      expect(await piecesStored(id)).toBe(1);
    });

    it('refuses a file past its purpose’s limit before any byte, with the donation’s own words', async () => {
      const res = await begin(AUDIO_PAIR_FILE_MAX_BYTES + 1);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('audio_pair.too_large');
      expect((await begin(0)).statusCode).toBe(400);
      expect((await begin(100, as('ada'), { purpose: 'dataset' })).statusCode).toBe(400);
      expect(await uploadsStored()).toBe(0);
    });

    it('caps the uploads one person may have open: 429 with its code past the cap, others unaffected', async () => {
      for (let i = 0; i < RESUMABLE_UPLOAD_MAX_OPEN; i++) await begun(OTHER_TONE);
      const refused = await begin(OTHER_TONE.length);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Too Many Requests',
        code: 'upload.too_many_open',
        message: ERROR_MESSAGES['upload.too_many_open'],
        statusCode: 429,
      });
      expect(await uploadsStored()).toBe(RESUMABLE_UPLOAD_MAX_OPEN);
      // Another person is not held back by Ada's uploads.
      expect((await begin(OTHER_TONE.length, as('bola'))).statusCode).toBe(201);
      // An upload used up or cleaned away frees its place.
      const [oldest] = await db().collection(RESUMABLE_UPLOADS).find({ ownerId: 'ada' }).limit(1).toArray();
      await db().collection(RESUMABLE_UPLOADS).deleteOne({ _id: oldest!._id });
      expect((await begin(OTHER_TONE.length)).statusCode).toBe(201);
    });

    it('checks the whole file against its SHA-256 at the end: a mismatch is 422 and the upload starts again', async () => {
      const { id } = await begun(TONE, as('ada'), { sha256: sha256(OTHER_TONE) });
      await put(id, TONE, 0, PUT_MAX);
      await put(id, TONE, PUT_MAX, 2 * PUT_MAX);
      const last = await put(id, TONE, 2 * PUT_MAX, TONE.length);
      expect(last.statusCode).toBe(422);
      expect(last.json()).toMatchObject({ code: 'upload.checksum_mismatch', received: 0 });
      expect((await status(id)).json()).toMatchObject({ received: 0, complete: false });
      expect(await piecesStored(id)).toBe(0);

      const { id: good } = await begun(TONE, as('ada'), { sha256: sha256(TONE) });
      expect(await sendAll(good, TONE)).toMatchObject({ complete: true, received: TONE.length });
    });

    it('counts the bytes of uploads under way in the person’s stored bytes', async () => {
      const { id } = await begun(TONE);
      await put(id, TONE, 0, 2 * PIECE);
      const res = await h.app.inject({
        url: '/internal/users/ada/speech-storage',
        headers: signedAs(SERVICE_IDENTITIES.gateway),
      });
      expect(res.json()).toEqual({ bytes: 2 * PIECE });
    });
  });

  describe('a connection cut mid-piece', () => {
    it('keeps the whole pieces that arrived and nothing of the piece cut off; the rest resumes from there', async () => {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (h.app.server.address() as AddressInfo).port;
      const { id } = await begun(TONE);
      const path = `/api/resumable-uploads/${id}`;
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path,
        headers: {
          ...signedFor('ada', 'PUT', path),
          'content-type': 'application/offset+octet-stream',
          'content-range': `bytes 0-${PUT_MAX - 1}/${TONE.length}`,
          'content-length': String(PUT_MAX),
        },
      });
      req.on('error', () => undefined);
      // One piece and a half, then the phone loses its signal.
      req.write(TONE.subarray(0, PIECE + PIECE / 2));
      for (let i = 0; i < 200 && (await status(id)).json().received < PIECE; i++) await sleep(25);
      await sleep(200);
      req.destroy();
      await sleep(300);

      expect((await status(id)).json()).toMatchObject({ received: PIECE, complete: false });
      const pieces = await db()
        .collection(RESUMABLE_UPLOAD_CHUNKS)
        .find({ uploadId: new ObjectId(id) })
        .toArray();
      expect(pieces.map((p) => p.n)).toEqual([0]);
      expect(Buffer.from(pieces[0]!.data.buffer).equals(TONE.subarray(0, PIECE))).toBe(true);

      await sendAll(id, TONE);
      const joined = Buffer.concat(
        (
          await db()
            .collection(RESUMABLE_UPLOAD_CHUNKS)
            .find({ uploadId: new ObjectId(id) })
            .sort({ n: 1 })
            .toArray()
        ).map((p) => Buffer.from(p.data.buffer)),
      );
      expect(sha256(joined)).toBe(sha256(TONE));
    }, 20_000);
  });

  describe('idle uploads', () => {
    it('removes uploads nobody added to for a day, with their bytes, and keeps the others', async () => {
      const { id: old } = await begun(TONE);
      await put(old, TONE, 0, PIECE);
      const { id: finished } = await begun(OTHER_TONE);
      await sendAll(finished, OTHER_TONE);
      clock = new Date(clock.getTime() + RESUMABLE_UPLOAD_IDLE_MS - 60_000);
      const { id: recent } = await begun(TONE);
      await put(recent, TONE, 0, PIECE);

      expect(await h.app.uploadCleanup.runOnce()).toBe(0);
      clock = new Date(clock.getTime() + 2 * 60_000);
      expect(await h.app.uploadCleanup.runOnce()).toBe(2);

      expect((await status(old)).statusCode).toBe(404);
      expect((await status(finished)).statusCode).toBe(404);
      expect((await status(recent)).json()).toMatchObject({ received: PIECE });
      expect(await piecesStored()).toBe(1);
      expect(await piecesStored(recent)).toBe(1);
    });
  });

  describe('POST /api/audio/from-uploads', () => {
    let pairCounter = 0;
    const addTextPair = async () => {
      pairCounter++;
      const doc: TextPairCopyDoc = {
        _id: new ObjectId().toHexString(),
        source_lang_text: `Good evening number ${pairCounter}.`,
        target_lang_text: `Ẹ káalẹ́ nọ́mbà ${pairCounter}.`,
        text_category: 'conversational',
        approved: true,
        donations: 0,
        rand: Math.random(),
        seq: pairCounter,
      };
      await h.col.textPairs.insertOne(doc);
      await h.stores.audioPairs.countApprovedTextPairs(1);
      return doc._id;
    };
    const uploaded = async (file: Buffer, who = as('ada')) => {
      const { id } = await begun(file, who, { sha256: sha256(file) });
      await sendAll(id, file, who);
      return id;
    };
    const donate = (body: Record<string, unknown>, who = as('ada')) =>
      h.app.inject({ method: 'POST', url: '/api/audio/from-uploads', headers: who, payload: body });

    it('makes the donation from two finished uploads, stores their very bytes, and uses the uploads up', async () => {
      const textId = await addTextPair();
      const [source, target] = [await uploaded(TONE), await uploaded(OTHER_TONE)];
      const res = await donate({
        text_id: textId,
        user_dialect: 'ekiti-yoruba',
        source_upload_id: source,
        target_upload_id: target,
      });
      expect(res.statusCode).toBe(201);
      const record = res.json<AudioPairRecord>();
      expect(record).toMatchObject({
        text_id: textId,
        user_dialect: 'ekiti-yoruba',
        status: 'pending',
        source_duration_ms: 25000,
        target_duration_ms: 7000,
      });
      expect((await h.col.audioPairs.findOne({ _id: new ObjectId(record.audio_id) }))?.donorId).toBe('ada');
      for (const [path, original] of [
        [record.source_lang_audio, TONE],
        [record.target_lang_audio, OTHER_TONE],
      ] as const) {
        const played = await h.app.inject({ url: `/${path}`, headers: as('ada') });
        expect(played.statusCode).toBe(200);
        expect(sha256(played.rawPayload)).toBe(sha256(original));
      }
      expect(await uploadsStored()).toBe(0);
      expect(await piecesStored()).toBe(0);
      expect((await h.col.textPairs.findOne({ _id: textId }))?.donations).toBe(1);
    });

    it('refuses audio the multipart donation refuses, and keeps the uploads and nothing of the pair', async () => {
      const textId = await addTextPair();
      const [source, quiet] = [await uploaded(TONE), await uploaded(silence(3))];
      const res = await donate({
        text_id: textId,
        user_dialect: 'other',
        source_upload_id: source,
        target_upload_id: quiet,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('audio_pair.silent');
      expect(await h.col.audioPairs.countDocuments()).toBe(0);
      expect(await db().collection('audio.files').countDocuments()).toBe(0);
      expect(await uploadsStored()).toBe(2);
      // Released: the good upload can be used with another recording.
      const retry = await donate({
        text_id: textId,
        user_dialect: 'other',
        source_upload_id: source,
        target_upload_id: await uploaded(OTHER_TONE),
      });
      expect(retry.statusCode).toBe(201);
    });

    it('refuses an unfinished upload (409), another person’s (404), and a dialect it does not know', async () => {
      const textId = await addTextPair();
      const done = await uploaded(TONE);
      const { id: half } = await begun(OTHER_TONE);
      await put(half, OTHER_TONE, 0, PIECE);
      const theirs = await uploaded(OTHER_TONE, as('bola'));
      const body = (target: string, dialect = 'standard-yoruba') => ({
        text_id: textId,
        user_dialect: dialect,
        source_upload_id: done,
        target_upload_id: target,
      });

      const unfinished = await donate(body(half));
      expect([unfinished.statusCode, unfinished.json().code]).toEqual([409, 'upload.incomplete']);
      const notTheirs = await donate(body(theirs));
      expect([notTheirs.statusCode, notTheirs.json().code]).toEqual([404, 'upload.not_found']);
      const dialect = await donate(body(theirs, 'martian'));
      expect([dialect.statusCode, dialect.json().message]).toEqual([400, 'Please select your dialect.']);
      const same = await donate(body(done));
      expect(same.statusCode).toBe(400);

      expect(await h.col.audioPairs.countDocuments()).toBe(0);
      expect(await db().collection('audio.files').countDocuments()).toBe(0);
      expect(await uploadsStored()).toBe(3);
      expect((await status(theirs, as('bola'))).json()).toMatchObject({ complete: true });
    });
  });
});
