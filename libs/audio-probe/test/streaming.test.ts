import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createAudioProbe, probeBuffer } from '../src';
import type { ProbeResult } from '../src';
import { AudioWorkshop } from './support/audio-tools';

let shop: AudioWorkshop;
const webm = readFileSync(join(__dirname, 'fixtures', 'speech-chromium.webm'));

beforeAll(() => {
  shop = new AudioWorkshop();
  shop.speak('speech.wav');
  shop.opusenc('speech.wav', 'speech.opus');
});
afterAll(() => shop.remove());

/** Splits bytes into chunks of 1, 2, 3 ... 13 bytes, over and over: every parser boundary gets crossed. */
function* tinyChunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0, size = 1; offset < bytes.length; offset += size, size = (size % 13) + 1) {
    yield bytes.subarray(offset, offset + size);
  }
}

async function probeStream(chunks: Iterable<Uint8Array>, maxBytes?: number): Promise<ProbeResult> {
  const probe = createAudioProbe({ maxBytes });
  await pipeline(Readable.from(chunks), probe);
  return probe.result;
}

describe('createAudioProbe (streaming)', () => {
  test.each(['webm', 'ogg', 'wav'])(
    '%s fed in tiny chunks gives the same result as one buffer',
    async (kind) => {
      const bytes = kind === 'webm' ? webm : shop.read(kind === 'ogg' ? 'speech.opus' : 'speech.wav');
      const whole = await probeBuffer(bytes);
      expect(whole).toMatchObject({ ok: true, container: kind });
      expect(await probeStream(tinyChunks(bytes))).toEqual(whole);
    },
  );

  test('as one branch of a tee, it never holds up or breaks the branch that stores the upload', async () => {
    const upload = Buffer.concat([webm, Buffer.alloc(64 * 1024, 7)]);
    const probe = createAudioProbe({ maxBytes: 4096 }); // fails early, on purpose
    const stored: Buffer[] = [];
    const storage = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        stored.push(chunk);
        callback();
      },
    });
    const tee = new PassThrough();
    tee.pipe(probe);
    await pipeline(Readable.from(tinyChunks(upload)), tee, storage);
    expect(Buffer.concat(stored).equals(upload)).toBe(true);
    expect(await probe.result).toMatchObject({ ok: false, reason: 'too-large' });
  });

  test('more than maxBytes (5 MB by default) is too-large, with the limit in the message', async () => {
    const result = await probeBuffer(Buffer.concat([webm, Buffer.alloc(5 * 1024 * 1024)]));
    expect(result).toMatchObject({ ok: false, reason: 'too-large' });
    if (!result.ok) expect(result.message).toMatch(/5 MB/);
    expect(await probeStream(tinyChunks(webm), 1000)).toMatchObject({ ok: false, reason: 'too-large' });
  });

  test('a text file renamed to .webm is unsupported: the name and type are never looked at', async () => {
    const text = Buffer.from('This is not audio, whatever its name says.\n'.repeat(20));
    const result = await probeBuffer(text);
    expect(result).toMatchObject({ ok: false, reason: 'unsupported' });
    if (!result.ok) expect(result.message).toMatch(/not WebM, Ogg or WAV/);
  });

  test('empty input and a bare signature are refused, not crashed on', async () => {
    expect(await probeBuffer(new Uint8Array(0))).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(await probeBuffer(Buffer.from('OggS'))).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  test('an upload aborted half-way resolves corrupt instead of hanging', async () => {
    const probe = createAudioProbe();
    probe.write(webm.subarray(0, 4000));
    probe.destroy(new Error('client went away'));
    probe.on('error', () => undefined);
    expect(await probe.result).toMatchObject({ ok: false, reason: 'corrupt' });
  });
});
