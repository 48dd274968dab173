import { probeBuffer } from '../src';
import { AudioWorkshop } from './support/audio-tools';

let shop: AudioWorkshop;

beforeAll(() => {
  shop = new AudioWorkshop();
  shop.speak('speech.wav');
});
afterAll(() => shop.remove());

describe('WAV', () => {
  test('espeak-ng speech: WAV PCM, its true length, not silent', async () => {
    const result = await probeBuffer(shop.read('speech.wav'));
    expect(result).toMatchObject({
      ok: true,
      container: 'wav',
      codec: 'pcm_s16le',
      sampleRate: 22050,
      channels: 1,
    });
    if (!result.ok) return;
    expect(Math.abs(result.durationSeconds - shop.soxDuration('speech.wav'))).toBeLessThan(0.01);
    expect(result.silent).toBe(false);
  });

  test('resampled 48 kHz stereo 24-bit and 32-bit float are read as well', async () => {
    shop.sox('speech.wav', '-r', '48000', '-c', '2', '-b', '24', 'stereo24.wav');
    shop.sox('speech.wav', '-r', '48000', '-e', 'floating-point', '-b', '32', 'float.wav');
    const truth = shop.soxDuration('stereo24.wav');
    const stereo = await probeBuffer(shop.read('stereo24.wav'));
    const float = await probeBuffer(shop.read('float.wav'));
    expect(stereo).toMatchObject({
      ok: true,
      codec: 'pcm_s24le',
      sampleRate: 48000,
      channels: 2,
      silent: false,
    });
    expect(float).toMatchObject({
      ok: true,
      codec: 'pcm_f32le',
      sampleRate: 48000,
      channels: 1,
      silent: false,
    });
    if (!stereo.ok || !float.ok) return;
    expect(Math.abs(stereo.durationSeconds - truth)).toBeLessThan(0.01);
    expect(Math.abs(float.durationSeconds - truth)).toBeLessThan(0.01);
  });

  test('a 20 second clip measures 20 seconds', async () => {
    shop.sox('speech.wav', 'long.wav', 'repeat', '7', 'trim', '0', '20');
    const result = await probeBuffer(shop.read('long.wav'));
    expect(result).toMatchObject({ ok: true, silent: false });
    if (result.ok) expect(Math.abs(result.durationSeconds - 20)).toBeLessThan(0.01);
  });

  test('a header that claims more data than was sent: the duration is what arrived', async () => {
    const whole = shop.read('speech.wav');
    const half = whole.subarray(0, 44 + Math.floor((whole.length - 44) / 2));
    const result = await probeBuffer(half);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(Math.abs(result.durationSeconds - shop.soxDuration('speech.wav') / 2)).toBeLessThan(0.01);
  });

  test('a data size left unknown by a streaming writer (0xFFFFFFFF) reads to the end', async () => {
    const bytes = Buffer.from(shop.read('speech.wav'));
    const dataAt = bytes.indexOf('data');
    bytes.writeUInt32LE(0xffffffff, dataAt + 4);
    const result = await probeBuffer(bytes);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(Math.abs(result.durationSeconds - shop.soxDuration('speech.wav'))).toBeLessThan(0.01);
  });

  test('compressed WAV (not PCM) is unsupported, with a message saying why', async () => {
    const bytes = Buffer.from(shop.read('speech.wav'));
    bytes.writeUInt16LE(0x0011, bytes.indexOf('fmt ') + 8); // IMA ADPCM
    const result = await probeBuffer(bytes);
    expect(result).toMatchObject({ ok: false, reason: 'unsupported' });
    if (!result.ok) expect(result.message).toMatch(/PCM/);
  });

  test('RIFF that is not WAVE (an AVI) is unsupported', async () => {
    const bytes = Buffer.from(shop.read('speech.wav'));
    bytes.write('AVI ', 8, 'latin1');
    expect(await probeBuffer(bytes)).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  test('samples before any format, or an impossible format, are corrupt', async () => {
    const header = Buffer.alloc(12 + 8 + 16);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(28, 4);
    header.write('WAVE', 8, 'latin1');
    header.write('data', 12, 'latin1');
    header.writeUInt32LE(16, 16);
    expect(await probeBuffer(header)).toMatchObject({ ok: false, reason: 'corrupt' });

    const bytes = Buffer.from(shop.read('speech.wav'));
    bytes.writeUInt16LE(3, bytes.indexOf('fmt ') + 20); // blockAlign no longer matches channels x bits
    expect(await probeBuffer(bytes)).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  test('a header with no samples at all is corrupt', async () => {
    const whole = shop.read('speech.wav');
    expect(await probeBuffer(whole.subarray(0, 44))).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(await probeBuffer(whole.subarray(0, 30))).toMatchObject({ ok: false, reason: 'corrupt' });
  });
});
