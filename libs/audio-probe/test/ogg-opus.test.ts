import { probeBuffer } from '../src';
import type { ProbeResult } from '../src';
import { AudioWorkshop } from './support/audio-tools';

let shop: AudioWorkshop;

beforeAll(() => {
  shop = new AudioWorkshop();
  shop.speak('speech.wav');
  shop.opusenc('speech.wav', 'speech.opus');
  shop.sox('speech.wav', 'long.wav', 'repeat', '7', 'trim', '0', '20');
  shop.opusenc('long.wav', 'long.opus');
});
afterAll(() => shop.remove());

const duration = (result: ProbeResult): number => (result.ok ? result.durationSeconds : NaN);

describe('Ogg/Opus (as opusenc and Firefox write it)', () => {
  test('speech: Ogg Opus at 48 kHz, the length of the source, not silent', async () => {
    const result = await probeBuffer(shop.read('speech.opus'));
    expect(result).toMatchObject({
      ok: true,
      container: 'ogg',
      codec: 'opus',
      sampleRate: 48000,
      channels: 1,
    });
    expect(Math.abs(duration(result) - shop.soxDuration('speech.wav'))).toBeLessThan(0.15);
    expect(result).toMatchObject({ silent: false });
  });

  test('stereo 44.1 kHz input keeps its channels and length', async () => {
    shop.sox('speech.wav', '-r', '44100', '-c', '2', 'stereo.wav');
    shop.opusenc('stereo.wav', 'stereo.opus', 64);
    const result = await probeBuffer(shop.read('stereo.opus'));
    expect(result).toMatchObject({ ok: true, channels: 2, silent: false });
    expect(Math.abs(duration(result) - shop.soxDuration('stereo.wav'))).toBeLessThan(0.15);
  });

  test('a 20 second clip measures 20 seconds', async () => {
    expect(Math.abs(duration(await probeBuffer(shop.read('long.opus'))) - 20)).toBeLessThan(0.15);
  });

  test('past maxDecodeSeconds packets are counted, not decoded: the length stays right', async () => {
    const capped = await probeBuffer(shop.read('long.opus'), { maxDecodeSeconds: 5 });
    expect(capped).toMatchObject({ ok: true, silent: false });
    expect(Math.abs(duration(capped) - 20)).toBeLessThan(0.15);
  });

  test('digital silence and near silence encoded to Opus are silent', async () => {
    shop.opusenc(shop.silence('silence.wav', 3), 'silence.opus');
    shop.opusenc(shop.noise('hiss.wav', 3, 0.002), 'hiss.opus');
    const silence = await probeBuffer(shop.read('silence.opus'));
    const hiss = await probeBuffer(shop.read('hiss.opus'));
    expect(silence).toMatchObject({ ok: true, silent: true });
    expect(hiss).toMatchObject({ ok: true, silent: true });
    expect(Math.abs(duration(silence) - 3)).toBeLessThan(0.15);
  });

  test('a comment header larger than one page (as with cover art) is joined across pages', async () => {
    shop.opusenc('speech.wav', 'tagged.opus', 32, ['--comment', `NOTE=${'x'.repeat(70_000)}`]);
    const tagged = await probeBuffer(shop.read('tagged.opus'));
    const plain = await probeBuffer(shop.read('speech.opus'));
    expect(tagged).toEqual(plain);
  });

  test('a damaged byte is caught by the page checksum: corrupt', async () => {
    const bytes = Buffer.from(shop.read('speech.opus'));
    bytes[Math.floor(bytes.length / 2)]! ^= 0x5a;
    const result = await probeBuffer(bytes);
    expect(result).toMatchObject({ ok: false, reason: 'corrupt' });
    if (!result.ok) expect(result.message).toMatch(/checksum|damaged/);
  });

  test('a cut-off upload gives the length that arrived, or corrupt when too little did', async () => {
    const whole = shop.read('speech.opus');
    const full = duration(await probeBuffer(whole));
    for (const fraction of [0.02, 0.1, 0.4, 0.6, 0.9]) {
      const result = await probeBuffer(whole.subarray(0, Math.floor(whole.length * fraction)));
      if (result.ok) {
        expect(result.durationSeconds).toBeGreaterThan(0);
        expect(result.durationSeconds).toBeLessThan(full);
      } else {
        expect(result.reason).toBe('corrupt');
      }
    }
  });

  test('Ogg Vorbis is refused as unsupported, naming the codec', async () => {
    shop.sox('speech.wav', 'speech.ogg'); // sox writes Ogg Vorbis
    const result = await probeBuffer(shop.read('speech.ogg'));
    expect(result).toMatchObject({ ok: false, reason: 'unsupported' });
    if (!result.ok) expect(result.message).toMatch(/Vorbis/);
  });
});
