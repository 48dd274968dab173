import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeToPcm, encodeWav16, probeBuffer } from '../src';
import { AudioWorkshop } from './support/audio-tools';

let shop: AudioWorkshop;
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

beforeAll(() => {
  shop = new AudioWorkshop();
  shop.speak('speech.wav');
});
afterAll(() => shop.remove());

/** RMS of the difference between two signals of one length, relative to the first one's RMS. */
function relativeError(a: Float32Array, b: Float32Array): number {
  let diff = 0;
  let power = 0;
  for (let i = 0; i < a.length; i++) {
    diff += (a[i]! - b[i]!) ** 2;
    power += a[i]! ** 2;
  }
  return Math.sqrt(diff / power);
}

describe('decodeToPcm: a stored take to mono PCM at the rate asked for', () => {
  test.each([16000, 48000] as const)(
    'Chromium WebM/Opus at %i Hz keeps the length the probe measures',
    async (rate) => {
      const take = fixture('speech-chromium.webm');
      const probed = await probeBuffer(take);
      const decoded = await decodeToPcm(take, rate);
      expect(decoded).toMatchObject({
        container: 'webm',
        sampleRate: rate,
        sourceSampleRate: 48000,
        sourceChannels: 1,
      });
      if (!probed.ok) throw new Error('the fixture should probe');
      expect(decoded.samples.length / rate).toBeCloseTo(probed.durationSeconds, 2);
      expect(decoded.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0)).toBeGreaterThan(0.05);
    },
  );

  test('Ogg/Opus from opusenc is cut at its last granule, as sox reads it', async () => {
    shop.sox('speech.wav', '-r', '48000', 'speech48.wav');
    shop.opusenc('speech48.wav', 'speech.opus');
    const decoded = await decodeToPcm(shop.read('speech.opus'), 16000);
    expect(decoded.container).toBe('ogg');
    expect(decoded.samples.length / 16000).toBeCloseTo(shop.soxDuration('speech48.wav'), 2);
  });

  test('a WAV at another rate is resampled, keeping its length and its sound', async () => {
    // espeak-ng speaks at 22050 Hz; sox's own 16 kHz version is the reference.
    shop.sox('speech.wav', '-r', '16000', 'speech16.wav');
    const reference = await decodeToPcm(shop.read('speech16.wav'), 16000);
    const resampled = await decodeToPcm(shop.read('speech.wav'), 16000);
    expect(resampled.sourceSampleRate).toBe(22050);
    expect(resampled.samples.length).toBe(reference.samples.length);
    expect(relativeError(reference.samples, resampled.samples)).toBeLessThan(0.1);
  });

  test('stereo is mixed to mono', async () => {
    shop.sox('speech.wav', '-c', '2', 'stereo.wav');
    const decoded = await decodeToPcm(shop.read('stereo.wav'), 16000);
    expect(decoded.sourceChannels).toBe(2);
    const mono = await decodeToPcm(shop.read('speech.wav'), 16000);
    expect(relativeError(mono.samples, decoded.samples)).toBeLessThan(0.001);
  });

  test('what is not audio is refused with the probe’s reasons', async () => {
    await expect(decodeToPcm(Buffer.from('not audio at all'))).rejects.toMatchObject({
      reason: 'unsupported',
    });
    const take = fixture('speech-chromium.webm');
    await expect(decodeToPcm(take.subarray(0, 200))).rejects.toMatchObject({ reason: 'corrupt' });
  });

  test('encodeWav16 writes a WAV that sox reads back as 16-bit mono at its rate', async () => {
    const decoded = await decodeToPcm(fixture('speech-chromium.webm'), 16000);
    const wav = encodeWav16(decoded.samples, 16000);
    writeFileSync(shop.path('out.wav'), wav);
    expect(shop.soxDuration('out.wav')).toBeCloseTo(decoded.samples.length / 16000, 4);
    const again = await decodeToPcm(wav, 16000);
    expect(relativeError(decoded.samples, again.samples)).toBeLessThan(0.001);
  });
});
