import { probeBuffer, SILENCE_THRESHOLD_DBFS } from '../src';
import type { ProbeResult } from '../src';
import { AudioWorkshop } from './support/audio-tools';

// Keeps the figures documented in src/loudness/silence-thresholds.ts true: each case must stay clear of the
// threshold by a margin, so a small change in encoders or in the meter cannot flip a verdict unnoticed.
let shop: AudioWorkshop;

beforeAll(() => {
  shop = new AudioWorkshop();
  shop.speak('speech.wav');
  shop.sox('speech.wav', 'quiet.wav', 'vol', '-30dB');
  shop.silence('zeros.wav', 3);
  shop.noise('hiss.wav', 3, 0.002);
});
afterAll(() => shop.remove());

async function probe(name: string, asOpus: boolean): Promise<Extract<ProbeResult, { ok: true }>> {
  const file = asOpus ? shop.opusenc(name, name.replace('.wav', '.opus')) : name;
  const result = await probeBuffer(shop.read(file));
  if (!result.ok) throw new Error(`${file}: ${result.message}`);
  return result;
}

describe.each([
  ['WAV', false],
  ['Ogg/Opus', true],
])('silence threshold (%s)', (_label, asOpus) => {
  test('espeak-ng speech is far above it', async () => {
    const result = await probe('speech.wav', asOpus);
    expect(result.silent).toBe(false);
    expect(result.loudestWindowDbfs).toBeGreaterThan(SILENCE_THRESHOLD_DBFS + 25);
  });

  test('the same speech 30 dB quieter is still not silent', async () => {
    const result = await probe('quiet.wav', asOpus);
    expect(result.silent).toBe(false);
    expect(result.loudestWindowDbfs).toBeGreaterThan(SILENCE_THRESHOLD_DBFS + 3);
  });

  test('near silence (idle-microphone hiss) is silent', async () => {
    const result = await probe('hiss.wav', asOpus);
    expect(result.silent).toBe(true);
    expect(result.loudestWindowDbfs).toBeLessThan(SILENCE_THRESHOLD_DBFS - 5);
  });

  test('digital silence is silent, at the floor', async () => {
    const result = await probe('zeros.wav', asOpus);
    expect(result).toMatchObject({ silent: true, peakDbfs: -120, rmsDbfs: -120, loudestWindowDbfs: -120 });
  });
});

test('a lone click in silence does not make it speech', async () => {
  shop.silence('click-base.wav', 2);
  const bytes = Buffer.from(shop.read('click-base.wav'));
  // One sample at -20 dBFS one second in: a clear peak, but over 50 ms (2,400 samples) it is about -54 dBFS.
  bytes.writeInt16LE(3277, 44 + 2 * 48000);
  const result = await probeBuffer(bytes);
  expect(result).toMatchObject({ ok: true, silent: true });
  if (result.ok) expect(result.peakDbfs).toBeCloseTo(-20, 0);
});
