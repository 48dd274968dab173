import { webcrypto, createHash } from 'node:crypto';
import { readApiError } from '@platform/store';
import {
  errorReply,
  FakeXhr,
  installFakeServer,
  networkFailure,
  withFakeXhr,
  type FakeServer,
} from '@platform/store/testing';
import { backoffDelay, resumableUpload } from './resumable-upload';
import type { UploadProgress } from './upload-with-progress';

withFakeXhr();

const ID = '65f0000000000000000000aa';
const URL_OF_UPLOAD = `/api/resumable-uploads/${ID}`;
/** 20 bytes, kept in pieces of 4, at most 8 a PUT: three PUTs. */
const BYTES = Buffer.from('abcdefghijklmnopqrst');
const file = () => new Blob([BYTES], { type: 'audio/wav' });

/** What the speech service holds of the upload, as its POST and GET answer it. */
function fakeSpeech(server: FakeServer, received = 0) {
  const held = { received };
  const state = () => ({
    id: ID,
    purpose: 'audio-pair-file',
    size: BYTES.length,
    received: held.received,
    complete: held.received === BYTES.length,
    chunkBytes: 4,
    maxPutBytes: 8,
  });
  server.on('POST /api/resumable-uploads', () => ({ status: 201, body: state() }));
  server.on(`GET ${URL_OF_UPLOAD}`, () => ({ body: state() }));
  return { held, state };
}

/** The PUT number `i` (from 0), once the upload has sent it. */
async function put(i: number): Promise<FakeXhr> {
  for (let tick = 0; tick < 200 && FakeXhr.sent.length <= i; tick++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const xhr = FakeXhr.sent[i];
  if (!xhr) throw new Error(`PUT ${i} was never sent`);
  return xhr;
}

const bytesOf = async (xhr: FakeXhr) =>
  Buffer.from(await (xhr.body as unknown as Blob).arrayBuffer()).toString('latin1');

describe('resumableUpload', () => {
  let realCrypto: PropertyDescriptor | undefined;
  beforeEach(() => {
    realCrypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  });
  afterEach(() => {
    if (realCrypto) Object.defineProperty(globalThis, 'crypto', realCrypto);
  });

  it('begins with the file’s size and SHA-256, then PUTs whole pieces of it in order, telling the bytes sent', async () => {
    const server = installFakeServer();
    const speech = fakeSpeech(server);
    const seen: UploadProgress[] = [];
    const begun: string[] = [];
    const done = resumableUpload(file(), 'audio-pair-file', {
      onProgress: (p) => seen.push(p),
      onBegun: (id) => begun.push(id),
    });

    for (const [i, range, bytes] of [
      [0, 'bytes 0-7/20', 'abcdefgh'],
      [1, 'bytes 8-15/20', 'ijklmnop'],
      [2, 'bytes 16-19/20', 'qrst'],
    ] as const) {
      const xhr = await put(i);
      expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['PUT', URL_OF_UPLOAD, true]);
      expect(xhr.headers).toMatchObject({
        'Content-Type': 'application/offset+octet-stream',
        'Content-Range': range,
      });
      expect(await bytesOf(xhr)).toBe(bytes);
      xhr.progress(bytes.length / 2, bytes.length);
      speech.held.received += bytes.length;
      xhr.respond(200, speech.state());
    }

    await expect(done).resolves.toEqual({ id: ID, size: 20 });
    expect(begun).toEqual([ID]);
    expect(server.calls('POST /api/resumable-uploads')[0]!.json).toEqual({
      purpose: 'audio-pair-file',
      size: 20,
      sha256: createHash('sha256').update(BYTES).digest('hex'),
      contentType: 'audio/wav',
    });
    expect(seen.map((p) => p.loaded)).toEqual([0, 4, 8, 12, 16, 18, 20]);
    expect(seen.every((p) => p.total === 20)).toBe(true);
  });

  it('after a dropped connection waits, asks how far the server got, and sends from there', async () => {
    const server = installFakeServer();
    const speech = fakeSpeech(server);
    const waits: number[] = [];
    const done = resumableUpload(file(), 'audio-pair-file', {
      retryDelayMs: (n) => {
        waits.push(n);
        return 0;
      },
    });

    const first = await put(0);
    // Cut after the first piece had arrived whole: the server kept it, and nothing of the second.
    first.progress(6, 8);
    speech.held.received = 4;
    first.fail();

    const second = await put(1);
    expect(second.headers['Content-Range']).toBe('bytes 4-11/20');
    expect(await bytesOf(second)).toBe('efghijkl');
    expect(server.calls(`GET ${URL_OF_UPLOAD}`)).toHaveLength(1);
    // A 502 while the service restarts: another failure in a row, a longer wait.
    second.respond(502, { code: 'service.unavailable' });

    const third = await put(2);
    expect(third.headers['Content-Range']).toBe('bytes 4-11/20');
    speech.held.received = 12;
    third.respond(200, speech.state());
    const last = await put(3);
    expect(last.headers['Content-Range']).toBe('bytes 12-19/20');
    speech.held.received = 20;
    last.respond(200, speech.state());

    await expect(done).resolves.toEqual({ id: ID, size: 20 });
    expect(waits).toEqual([1, 2]);
    expect(server.calls('POST /api/resumable-uploads')).toHaveLength(1);
  });

  it('goes on from the server’s count when a PUT does not start where the server’s bytes end', async () => {
    const server = installFakeServer();
    const speech = fakeSpeech(server);
    const waits: number[] = [];
    const done = resumableUpload(file(), 'audio-pair-file', { retryDelayMs: (n) => (waits.push(n), 0) });
    const first = await put(0);
    expect(first.headers['Content-Range']).toBe('bytes 0-7/20');
    // Another try of these bytes (whose answer was lost) reached the server first.
    speech.held.received = 8;
    first.respond(409, {
      ...errorReply(409, 'This part of the upload does not start where the bytes already received end.')
        .body!,
      code: 'upload.offset_mismatch',
      received: 8,
    });
    const next = await put(1);
    expect(next.headers['Content-Range']).toBe('bytes 8-15/20');
    speech.held.received = 16;
    next.respond(200, speech.state());
    speech.held.received = 20;
    (await put(2)).respond(200, speech.state());
    await expect(done).resolves.toEqual({ id: ID, size: 20 });
    expect(waits).toEqual([]);
  });

  it('ends at once on a refusal, which reads like any call’s error, and sends nothing more', async () => {
    const server = installFakeServer();
    fakeSpeech(server);
    const done = resumableUpload(file(), 'audio-pair-file', { retryDelayMs: () => 0 });
    (await put(0)).respond(401, errorReply(401, 'You need to be signed in to do this.').body);
    const error = await done.catch((e: unknown) => e);
    expect(readApiError(error)).toMatchObject({ status: 401, code: 'identity.missing', kind: 'refused' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(FakeXhr.sent).toHaveLength(1);
    expect(server.calls(`GET ${URL_OF_UPLOAD}`)).toHaveLength(0);
  });

  it('refuses a file past the limit before sending any of it', async () => {
    const server = installFakeServer();
    server.on(
      'POST /api/resumable-uploads',
      errorReply(413, 'Each recording may be at most 10 MB.', { code: 'audio_pair.too_large' }),
    );
    const error = await resumableUpload(file(), 'audio-pair-file').catch((e: unknown) => e);
    expect(readApiError(error)).toMatchObject({ status: 413, code: 'audio_pair.too_large' });
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('hands back at once a refusal for too many open uploads, for its caller to wait longer than a try', async () => {
    const server = installFakeServer();
    server.on(
      'POST /api/resumable-uploads',
      errorReply(429, 'You have too many unfinished uploads.', { code: 'upload.too_many_open' }),
    );
    const error = await resumableUpload(file(), 'audio-pair-file', { retryDelayMs: () => 0 }).catch(
      (e: unknown) => e,
    );
    expect(readApiError(error)).toMatchObject({ status: 429, code: 'upload.too_many_open' });
    expect(server.calls('POST /api/resumable-uploads')).toHaveLength(1);
  });

  it('gives up after its tries fail in a row, as a network failure', async () => {
    const server = installFakeServer();
    fakeSpeech(server);
    const done = resumableUpload(file(), 'audio-pair-file', { maxTries: 3, retryDelayMs: () => 0 });
    for (let i = 0; i < 3; i++) (await put(i)).fail();
    const error = await done.catch((e: unknown) => e);
    expect(readApiError(error)).toMatchObject({ status: null, kind: 'network' });
    expect(FakeXhr.sent).toHaveLength(3);
  });

  it('resumes an upload begun before a reload, and begins again one the server no longer has', async () => {
    const server = installFakeServer();
    const speech = fakeSpeech(server, 16);
    const resumed = resumableUpload(file(), 'audio-pair-file', { uploadId: ID });
    const last = await put(0);
    expect(last.headers['Content-Range']).toBe('bytes 16-19/20');
    speech.held.received = 20;
    last.respond(200, speech.state());
    await expect(resumed).resolves.toEqual({ id: ID, size: 20 });
    expect(server.calls('POST /api/resumable-uploads')).toHaveLength(0);

    const gone = '65f0000000000000000000bb';
    server.on(`GET /api/resumable-uploads/${gone}`, errorReply(404, 'There is no such upload.'));
    speech.held.received = 0;
    const again = resumableUpload(file(), 'audio-pair-file', { uploadId: gone });
    const first = await put(1);
    expect([first.url, first.headers['Content-Range']]).toEqual([URL_OF_UPLOAD, 'bytes 0-7/20']);
    expect(server.calls('POST /api/resumable-uploads')).toHaveLength(1);
    first.abort();
    await expect(again).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops when aborted, between tries too, and asks nothing more', async () => {
    const server = installFakeServer();
    fakeSpeech(server);
    server.on(`GET ${URL_OF_UPLOAD}`, networkFailure);
    const controller = new AbortController();
    const done = resumableUpload(file(), 'audio-pair-file', {
      signal: controller.signal,
      retryDelayMs: () => 60_000,
    });
    (await put(0)).fail();
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toHaveLength(1);
    expect(server.calls(`GET ${URL_OF_UPLOAD}`)).toHaveLength(0);
  });
});

describe('backoffDelay', () => {
  it('doubles from a second to half a minute, give or take a fifth', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 5, 6, 20].map((n) => backoffDelay(n, middle))).toEqual([
      1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(1, () => 0)).toBe(800);
    expect(backoffDelay(1, () => 1)).toBe(1200);
  });
});
