import { createHash, webcrypto } from 'node:crypto';
import { createPlatformStore, readApiError } from '@platform/store';
import { errorReply, FakeXhr, installFakeServer, networkFailure, withFakeXhr } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { IDEMPOTENCY_KEY_HEADER } from '@platform/contracts/client';
import type { UploadProgress } from '@platform/remote-kit/upload';
import type { Contribution } from '../queue/types';
import { isResumableDonation, RESUMABLE_DONATION_BYTES, sendResumableDonation } from './resumableDonation';

withFakeXhr();

const PIECE = 256 * 1024;
const PUT_MAX = 4 * PIECE;
const ITEM = '0f8e4a52-5d1c-4d55-9a57-2f6d3c1b7e01';
const TEXT_ID = '65f000000000000000000001';

/** A WAV-sized file of `size` bytes whose content says which side it is. */
const fileOf = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * seed) % 251));
const ENGLISH = fileOf(960_044, 7);
const YORUBA = fileOf(700_044, 13);
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const stored = (bytes: Buffer) => ({ bytes: new Uint8Array(bytes).buffer, type: 'audio/wav' });
const donation = (english = ENGLISH, yoruba = YORUBA): Extract<Contribution, { kind: 'donation' }> => ({
  kind: 'donation',
  textId: TEXT_ID,
  dialect: 'standard-yoruba',
  englishText: 'Good morning',
  english: stored(english),
  yoruba: stored(yoruba),
});

interface Upload {
  id: string;
  size: number;
  bytes: Buffer[];
  received: number;
}

/** The speech service's resumable uploads as the browser sees them: POST and GET by fetch, PUTs by XHR. */
function fakeSpeech(server: FakeServer) {
  const uploads = new Map<string, Upload>();
  let next = 0xa0;
  const state = (u: Upload) => ({
    id: u.id,
    purpose: 'audio-pair-file',
    size: u.size,
    received: u.received,
    complete: u.received === u.size,
    chunkBytes: PIECE,
    maxPutBytes: PUT_MAX,
  });
  server.on('POST /api/resumable-uploads', (r) => {
    const id = `65f0000000000000000000${(next++).toString(16)}`;
    const upload = { id, size: (r.json as { size: number }).size, bytes: [], received: 0 };
    uploads.set(id, upload);
    return { status: 201, body: state(upload) };
  });
  for (let n = 0xa0; n < 0xb0; n++) {
    const id = `65f0000000000000000000${n.toString(16)}`;
    server.on(`GET /api/resumable-uploads/${id}`, () => {
      const upload = uploads.get(id);
      return upload ? { body: state(upload) } : errorReply(404, 'There is no such upload.');
    });
  }
  /** Answers the next PUT: keeps its bytes (up to `keep` of them, in whole pieces, when the test cuts it). */
  const answerPut = async (i: number, cut?: { keep: number }) => {
    const xhr = await sent(i);
    const id = xhr.url.split('/').pop()!;
    const upload = uploads.get(id)!;
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(xhr.headers['Content-Range']!)!;
    expect(Number(range[1])).toBe(upload.received);
    const body = Buffer.from(await (xhr.body as unknown as Blob).arrayBuffer());
    const kept = cut ? body.subarray(0, cut.keep) : body;
    upload.bytes.push(kept);
    upload.received += kept.length;
    if (cut) {
      xhr.progress(body.length / 2, body.length);
      xhr.fail();
    } else {
      xhr.progress(body.length, body.length);
      xhr.respond(200, state(upload));
    }
    return { xhr, start: Number(range[1]), end: Number(range[2]) + 1 };
  };
  const whole = (id: string) => Buffer.concat(uploads.get(id)!.bytes);
  return { uploads, answerPut, whole };
}

async function sent(i: number): Promise<FakeXhr> {
  for (let tick = 0; tick < 400 && FakeXhr.sent.length <= i; tick++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const xhr = FakeXhr.sent[i];
  if (!xhr) throw new Error(`PUT ${i} was never sent`);
  return xhr;
}

const accepted = { status: 201, body: { audio_id: 'a1' } };

describe('a large donation sent as resumable uploads', () => {
  let server: FakeServer;
  let realCrypto: PropertyDescriptor | undefined;
  beforeEach(() => {
    localStorage.clear();
    server = installFakeServer();
    realCrypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  });
  afterEach(() => {
    if (realCrypto) Object.defineProperty(globalThis, 'crypto', realCrypto);
  });

  it('is used only above the threshold', () => {
    const half = RESUMABLE_DONATION_BYTES / 2;
    expect(isResumableDonation(donation(fileOf(half, 3), fileOf(half, 5)))).toBe(false);
    expect(isResumableDonation(donation(fileOf(half, 3), fileOf(half + 1, 5)))).toBe(true);
  });

  it('uploads both files, then asks for the donation with its key, the progress following the bytes', async () => {
    const speech = fakeSpeech(server);
    server.on('POST /api/audio/from-uploads', accepted);
    const store = createPlatformStore();
    const seen: UploadProgress[] = [];
    const done = sendResumableDonation(store.dispatch, ITEM, donation(), (p) => seen.push(p));
    await speech.answerPut(0);
    await speech.answerPut(1);
    await expect(done).resolves.toEqual({ audio_id: 'a1' });

    const begins = server.calls('POST /api/resumable-uploads').map((r) => r.json);
    expect(begins).toEqual([
      { purpose: 'audio-pair-file', size: ENGLISH.length, sha256: sha256(ENGLISH), contentType: 'audio/wav' },
      { purpose: 'audio-pair-file', size: YORUBA.length, sha256: sha256(YORUBA), contentType: 'audio/wav' },
    ]);
    const [english, yoruba] = [...speech.uploads.keys()];
    expect(sha256(speech.whole(english!))).toBe(sha256(ENGLISH));
    expect(sha256(speech.whole(yoruba!))).toBe(sha256(YORUBA));
    const [ask] = server.calls('POST /api/audio/from-uploads');
    expect(ask!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(ITEM);
    expect(ask!.json).toEqual({
      text_id: TEXT_ID,
      user_dialect: 'standard-yoruba',
      source_upload_id: english,
      target_upload_id: yoruba,
    });
    const total = ENGLISH.length + YORUBA.length;
    expect(seen.every((p) => p.total === total)).toBe(true);
    expect(seen.map((p) => p.loaded)).toEqual([...seen.map((p) => p.loaded)].sort((a, b) => a - b));
    expect(seen).toContainEqual({ loaded: ENGLISH.length, total });
    expect(seen.at(-1)).toEqual({ loaded: total, total });
    // Nothing of it is left on the device once the donation is made.
    expect(localStorage.length).toBe(0);
  });

  it('cut at about half, goes on from the bytes the server kept, and the files arrive whole', async () => {
    const speech = fakeSpeech(server);
    server.on('POST /api/audio/from-uploads', accepted);
    const store = createPlatformStore();
    const seen: UploadProgress[] = [];
    const done = sendResumableDonation(store.dispatch, ITEM, donation(), (p) => seen.push(p));
    // The connection drops half-way through the English file: the server kept its first two whole pieces.
    await speech.answerPut(0, { keep: 2 * PIECE });
    const resumed = await speech.answerPut(1);
    expect([resumed.start, resumed.end]).toEqual([2 * PIECE, ENGLISH.length]);
    await speech.answerPut(2);
    await expect(done).resolves.toEqual({ audio_id: 'a1' });
    expect(server.calls('POST /api/resumable-uploads')).toHaveLength(2);
    const [english, yoruba] = [...speech.uploads.keys()];
    expect(sha256(speech.whole(english!))).toBe(sha256(ENGLISH));
    expect(sha256(speech.whole(yoruba!))).toBe(sha256(YORUBA));
    // After the cut, the progress starts again from what the server holds, not from zero.
    const afterCut = seen.findIndex((p) => p.loaded === 2 * PIECE);
    expect(afterCut).toBeGreaterThan(0);
    expect(seen.slice(afterCut).every((p) => p.loaded >= 2 * PIECE)).toBe(true);
  }, 15_000);

  it('after a reload, resumes the uploads it had begun instead of sending them again', async () => {
    const speech = fakeSpeech(server);
    server.on('POST /api/audio/from-uploads', accepted);
    const first = sendResumableDonation(createPlatformStore().dispatch, ITEM, donation(), () => undefined);
    await speech.answerPut(0);
    // The page closes while the Yoruba file goes: its upload was begun, none of its bytes arrived.
    const cut = await sent(1);
    cut.abort();
    await first.catch(() => undefined);

    const again = sendResumableDonation(createPlatformStore().dispatch, ITEM, donation(), () => undefined);
    await speech.answerPut(2);
    await expect(again).resolves.toEqual({ audio_id: 'a1' });
    expect(server.calls('POST /api/resumable-uploads')).toHaveLength(2);
    expect(FakeXhr.sent.map((x) => x.headers['Content-Range'])).toEqual([
      `bytes 0-${ENGLISH.length - 1}/${ENGLISH.length}`,
      `bytes 0-${YORUBA.length - 1}/${YORUBA.length}`,
      `bytes 0-${YORUBA.length - 1}/${YORUBA.length}`,
    ]);
  }, 15_000);

  it('retried after a lost answer, asks again with the same key and uploads: no byte is sent twice', async () => {
    const speech = fakeSpeech(server);
    // The server makes the donation and uses the uploads up, but its answer never arrives.
    server.on('POST /api/audio/from-uploads', (r) => {
      speech.uploads.clear();
      return networkFailure(r);
    });
    const store = createPlatformStore();
    const first = sendResumableDonation(store.dispatch, ITEM, donation(), () => undefined);
    await speech.answerPut(0);
    await speech.answerPut(1);
    const lost = await first.catch((e: unknown) => e);
    expect(readApiError(lost)).toMatchObject({ kind: 'network' });

    server.on('POST /api/audio/from-uploads', accepted);
    await expect(sendResumableDonation(store.dispatch, ITEM, donation(), () => undefined)).resolves.toEqual({
      audio_id: 'a1',
    });
    expect(FakeXhr.sent).toHaveLength(2);
    expect(server.calls('POST /api/resumable-uploads')).toHaveLength(2);
    const asks = server.calls('POST /api/audio/from-uploads');
    expect(asks).toHaveLength(2);
    expect(asks[1]!.json).toEqual(asks[0]!.json);
    expect(asks[1]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(ITEM);
  });

  it('a refusal of the donation hands back its words and keeps no upload ids on the device', async () => {
    const speech = fakeSpeech(server);
    server.on(
      'POST /api/audio/from-uploads',
      errorReply(422, 'The audio is silent.', { code: 'audio_pair.silent' }),
    );
    const done = sendResumableDonation(createPlatformStore().dispatch, ITEM, donation(), () => undefined);
    await speech.answerPut(0);
    await speech.answerPut(1);
    expect(readApiError(await done.catch((e: unknown) => e))).toMatchObject({
      status: 422,
      code: 'audio_pair.silent',
    });
    expect(localStorage.length).toBe(0);
  });
});
